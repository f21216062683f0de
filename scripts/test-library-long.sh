#!/usr/bin/env bash
# The library's long recounts: every count of the built-in puzzles that the
# plain `go test ./assets` leaves to -long (the larger puzzles from the
# literature, the pentomino rectangles, the 4x4x4 cubes, Lepage's larger
# problems). Too long for every CI run (an hour or more on 2 cores); CI runs
# it weekly, on Sunday nights, and anyone may run it before a release.
#   scripts/test-library-long.sh            # everything
#   scripts/test-library-long.sh pentomino  # the entries whose name matches
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:-}
run='TestLiteratureCounts|TestLongCounts|TestLepageCounts|TestIQPyramidDeverwCount|TestBurrToolsCounts'
# a filter keeps the tests with one subtest per entry (the IQ pyramid's is one count)
if [ -n "$filter" ]; then run="(TestLiteratureCounts|TestLongCounts|TestLepageCounts|TestBurrToolsCounts)/.*$filter.*"; fi
go test -count=1 -timeout 6h -run "$run" -v ./assets -long | grep -E '^(=== RUN|--- |\s+--- |PASS|FAIL|ok)' | grep -v '=== RUN'
