package puzzle

// OptionImage is the option that Box[Acting[k]] maps option o to, for the
// external tests.
func OptionImage(s *Symmetry, k, o int) int32 { return s.optMap[k][o] }
