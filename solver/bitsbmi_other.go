//go:build !amd64 || purego

package solver

// haveBMI is false where andNotPopBMI and minItemBMI are not assembled.
const haveBMI = false

// andNotPopBMI is not called where haveBMI is false.
func andNotPopBMI(dst, a, c *uint64, lo, hi int, planes *uint64, np int, r *placeCounts) {
	panic("solver: andNotPopBMI without BMI")
}

// minItemBMI is not called where haveBMI is false.
func minItemBMI(alive, items *uint64, stride int, nz *optSummary, left *[2]uint64) (best, bestN int) {
	panic("solver: minItemBMI without BMI")
}

// listBMI is not called where haveBMI is false.
func listBMI(alive, set *uint64, nz *optSummary, list *int32, max int) int {
	panic("solver: listBMI without BMI")
}

// addMasksSSE is not called where haveBMI is false.
func addMasksSSE(masks *uint64, list *int32, n int, pl *optBits) {
	panic("solver: addMasksSSE without BMI")
}

// orMasksSSE is not called where haveBMI is false.
func orMasksSSE(masks *uint64, list *int32, n int, r *[2]uint64) {
	panic("solver: orMasksSSE without BMI")
}
