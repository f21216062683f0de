package backend

import (
	"context"
	"strings"
	"testing"
)

// TestShapeTable: the window's shape information on the Soma cube and on
// a pentomino board, with the columns of `polyviz shapes`.
func TestShapeTable(t *testing.T) {
	b := New()
	soma, err := b.Shapes(context.Background(), library(t, b, "soma"))
	if err != nil {
		t.Fatal(err)
	}
	if len(soma.Rows) != 8 || len(soma.Header) != 12 || soma.Header[10] != "Notchable" {
		t.Fatalf("soma: header %q, %d rows", soma.Header, len(soma.Rows))
	}
	if a := strings.Join(soma.Rows[4], "|"); a != "A|4|2 (2 rot.)|yes|-|B|face|0|0|-|yes|yes" {
		t.Errorf("the screw A: %s", a)
	}
	if box := soma.Rows[7]; box[0] != "box" || box[2] != "48 (24 rot.)" {
		t.Errorf("the box: %q", box)
	}
	if !strings.HasPrefix(soma.Notes[3], "Z: identity; half turn about z; central inversion") {
		t.Errorf("notes %q", soma.Notes)
	}
	board, err := b.Shapes(context.Background(), library(t, b, "pentomino-8x8-hole"))
	if err != nil {
		t.Fatal(err)
	}
	if len(board.Header) != 9 || board.Rows[9][2] != "8 (4 rot.)" || board.Rows[12][7] != "4" || board.Rows[12][8] != "-" {
		t.Errorf("pentomino board: header %q, X %q, box %q", board.Header, board.Rows[9], board.Rows[12])
	}
}
