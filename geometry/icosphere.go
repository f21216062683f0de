package geometry

import (
	"math"
	"sync"
)

// Icosphere returns the unit sphere as 320 triangles (an icosahedron with
// each face cut in four twice, the new corners pushed out to the sphere),
// each counter-clockwise seen from outside. The renderer draws a sphere of
// BurrTools' sphere grid with it, and STL writes it, so both show the same
// solid. The slice is shared: do not modify it.
func Icosphere() [][3][3]float64 { return icosphere() }

var icosphere = sync.OnceValue(func() [][3][3]float64 {
	t := (1 + math.Sqrt(5)) / 2
	vs := [][3]float64{{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}}
	idx := [][3]int{{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
		{3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9}, {4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1}}
	unit := func(v [3]float64) [3]float64 {
		n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
		return [3]float64{v[0] / n, v[1] / n, v[2] / n}
	}
	mid := func(a, b [3]float64) [3]float64 { return unit([3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]}) }
	var tris [][3][3]float64
	for _, f := range idx {
		tris = append(tris, [3][3]float64{unit(vs[f[0]]), unit(vs[f[1]]), unit(vs[f[2]])})
	}
	for range 2 {
		var next [][3][3]float64
		for _, tr := range tris {
			a, b, c := mid(tr[0], tr[1]), mid(tr[1], tr[2]), mid(tr[2], tr[0])
			next = append(next, [3][3]float64{tr[0], a, c}, [3][3]float64{tr[1], b, a}, [3][3]float64{tr[2], c, b}, [3][3]float64{a, b, c})
		}
		tris = next
	}
	return tris
})
