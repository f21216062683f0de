package shapeinfo

import (
	"fmt"
	"math"
	"strings"
)

// Naming a symmetry in words. A symmetry of a lattice or grid, taken about
// a point and up to translation, is an orthogonal map of space: in the
// plane a turn or a reflection across a line; in space a turn about an
// axis, a reflection across a plane, the central inversion or a
// rotoreflection (a turn followed by the reflection across the plane
// square to its axis). Each is named from its matrix in an orthonormal
// frame.

const eps = 1e-6

// name2D names the planar orthogonal map r (rows first).
func name2D(r [2][2]float64) string {
	det := r[0][0]*r[1][1] - r[0][1]*r[1][0]
	theta := math.Atan2(r[1][0], r[0][0]) * 180 / math.Pi
	if det > 0 {
		switch {
		case math.Abs(theta) < eps:
			return "identity"
		case math.Abs(math.Abs(theta)-180) < eps:
			return "half turn"
		case theta > 0:
			return turnWord(theta) + " anticlockwise"
		}
		return turnWord(-theta) + " clockwise"
	}
	// a reflection across the line at theta/2 from the x axis
	phi := math.Mod(theta/2+360, 180)
	if math.Abs(phi-180) < eps {
		phi = 0
	}
	switch {
	case math.Abs(phi) < eps:
		return "reflection across the x axis"
	case math.Abs(phi-90) < eps:
		return "reflection across the y axis"
	case math.Abs(phi-45) < eps:
		return "reflection across the diagonal y=x"
	case math.Abs(phi-135) < eps:
		return "reflection across the diagonal y=−x"
	}
	return fmt.Sprintf("reflection across the line at %s° to the x axis", degrees(phi))
}

// turnWord names a turn by deg degrees, 0 < deg < 360: "quarter turn".
func turnWord(deg float64) string {
	for _, t := range []struct {
		deg  float64
		word string
	}{{180, "half turn"}, {90, "quarter turn"}, {120, "third turn"}, {60, "sixth turn"}, {72, "fifth turn"}, {144, "two-fifths turn"}, {270, "three-quarter turn"}, {240, "two-thirds turn"}} {
		if math.Abs(deg-t.deg) < 1e-4 {
			return t.word
		}
	}
	return "turn by " + degrees(deg) + "°"
}

// degrees prints an angle in degrees, whole when it is.
func degrees(d float64) string {
	if r := math.Round(d); math.Abs(d-r) < 1e-4 {
		return fmt.Sprintf("%d", int(r))
	}
	return fmt.Sprintf("%.1f", d)
}

// name3D names the orthogonal map r of space (rows first).
func name3D(r [3][3]float64) string {
	if det3(r) > 0 {
		return rotationName(r)
	}
	// r = −q with q a turn by α about a: the turn by α+180° about a, then
	// the reflection across the plane square to a
	var q [3][3]float64
	for i := range 3 {
		for j := range 3 {
			q[i][j] = -r[i][j]
		}
	}
	alpha, axis := rotationOf(q)
	switch {
	case alpha < 1e-4:
		return "central inversion"
	case math.Abs(alpha-180) < 1e-4:
		return "reflection across the plane " + planeName(axis)
	}
	beta := 180 - alpha // the turn α+180° about a is the turn 180°−α about −a
	for i := range axis {
		axis[i] = -axis[i]
	}
	return "rotoreflection: " + turnWord(beta) + " about " + axisName(axis) + " and reflection across the plane " + planeName(axis)
}

// rotationName names the proper rotation r.
func rotationName(r [3][3]float64) string {
	alpha, axis := rotationOf(r)
	if alpha < 1e-4 {
		return "identity"
	}
	return turnWord(alpha) + " about " + axisName(axis)
}

// rotationOf returns the angle in degrees, 0 to 180, and the axis of the
// proper rotation r, the axis oriented so that the turn is anticlockwise
// seen from its tip (a half turn's axis with its first non-zero component
// positive).
func rotationOf(r [3][3]float64) (float64, [3]float64) {
	// cos α from the trace, sin α from the skew part (atan2 keeps the
	// angle exact near 0 and 180°, where acos alone is not)
	c := (r[0][0] + r[1][1] + r[2][2] - 1) / 2
	axis := [3]float64{r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1]}
	alpha := math.Atan2(norm(axis)/2, c) * 180 / math.Pi
	if alpha < 1e-4 {
		return 0, [3]float64{0, 0, 1}
	}
	if math.Abs(alpha-180) < 1e-4 {
		// a half turn: r + I has the axis in each non-zero column
		best := -1.0
		for j := range 3 {
			col := [3]float64{r[0][j], r[1][j], r[2][j]}
			col[j]++
			if n := norm(col); n > best {
				best, axis = n, col
			}
		}
		for _, v := range axis {
			if math.Abs(v) > eps {
				if v < 0 {
					axis = [3]float64{-axis[0], -axis[1], -axis[2]}
				}
				break
			}
		}
	}
	n := norm(axis)
	return alpha, [3]float64{axis[0] / n, axis[1] / n, axis[2] / n}
}

func norm(v [3]float64) float64 { return math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]) }

func det3(m [3][3]float64) float64 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

// smallInts returns v as small whole numbers in the same ratio (each at
// most 3 in size), false when it has no such form.
func smallInts(v [3]float64) ([3]int, bool) {
	least := math.Inf(1)
	for _, x := range v {
		if a := math.Abs(x); a > eps && a < least {
			least = a
		}
	}
	var out [3]int
	for i, x := range v {
		y := x / least
		r := math.Round(y)
		if math.Abs(y-r) > 1e-4 || math.Abs(r) > 3 {
			return out, false
		}
		out[i] = int(r)
	}
	return out, true
}

// axisName names a direction: "z", "−z", "x+y", "x−y+z", or its
// components when they are not in a small whole ratio.
func axisName(v [3]float64) string {
	k, ok := smallInts(v)
	switch {
	case ok:
		return combination(k, "xyz")
	case math.Abs(v[2]) < eps:
		return "the line at " + degrees(lineAngle(v)) + "° to x in the xy plane"
	}
	return fmt.Sprintf("(%.2f, %.2f, %.2f)", v[0]+0, v[1]+0, v[2]+0)
}

// lineAngle returns the angle of the line along v's x and y, 0 to 180°.
func lineAngle(v [3]float64) float64 {
	a := math.Mod(math.Atan2(v[1], v[0])*180/math.Pi+360, 180)
	if math.Abs(a-180) < 1e-4 {
		a = 0
	}
	return a
}

// combination writes k as a sum of the letters: "x+2y", "−z".
func combination(k [3]int, letters string) string {
	var b strings.Builder
	for i, c := range k {
		if c == 0 {
			continue
		}
		switch {
		case c < 0:
			b.WriteString("−")
		case b.Len() > 0:
			b.WriteString("+")
		}
		if a := abs(c); a != 1 {
			fmt.Fprintf(&b, "%d", a)
		}
		b.WriteByte(letters[i])
	}
	return b.String()
}

// planeName names the plane through the origin square to n: "z=0",
// "x=y", "x=−y", or by its normal.
func planeName(n [3]float64) string {
	k, ok := smallInts(n)
	switch {
	case !ok && math.Abs(n[2]) < eps:
		return "through z at " + degrees(math.Mod(lineAngle(n)+90, 180)) + "° to x"
	case !ok:
		return "square to " + axisName(n)
	}
	nonzero := 0
	for _, c := range k {
		if c != 0 {
			nonzero++
		}
	}
	letters := "xyz"
	switch nonzero {
	case 1:
		for i, c := range k {
			if c != 0 {
				return string(letters[i]) + "=0"
			}
		}
	case 2:
		// a·u + b·v = 0 with |a| = |b|: u = ∓v
		i, j := -1, -1
		for t, c := range k {
			if c != 0 {
				if i < 0 {
					i = t
				} else {
					j = t
				}
			}
		}
		if abs(k[i]) == abs(k[j]) {
			if k[i] == k[j] {
				return string(letters[i]) + "=−" + string(letters[j])
			}
			return string(letters[i]) + "=" + string(letters[j])
		}
	}
	return "square to " + combination(k, letters)
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// mapFormula writes a signed permutation matrix's map on coordinates:
// "(x,y,z) ↦ (y,−x,z)", or "(x,y) ↦ (y,−x)" in the plane.
func mapFormula(m [3][3]int, dims int) string {
	letters := "xyz"[:dims]
	parts := make([]string, dims)
	for i := range dims {
		var k [3]int
		copy(k[:], m[i][:dims])
		parts[i] = combination(k, letters)
	}
	in := strings.Join(strings.Split(letters, ""), ",")
	return "(" + in + ") ↦ (" + strings.Join(parts, ",") + ")"
}
