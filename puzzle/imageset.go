package puzzle

import (
	"encoding/binary"
	"slices"
)

// imageSet holds the distinct images of a solution met so far: in a list
// for a small group, in a map for a large one (a torus' group has hundreds
// of translations, and a list's scans grow with its square).
type imageSet struct {
	list [][]int32
	keys map[string]struct{}
	buf  []byte
	n    int
}

func newImageSet(group int) *imageSet {
	if group > 32 {
		return &imageSet{keys: make(map[string]struct{}, group)}
	}
	return &imageSet{list: make([][]int32, 0, group)}
}

// add adds img (sorted options) and reports whether it is new.
func (s *imageSet) add(img []int32) bool {
	if s.keys != nil {
		s.buf = s.buf[:0]
		for _, o := range img {
			s.buf = binary.LittleEndian.AppendUint32(s.buf, uint32(o))
		}
		if _, ok := s.keys[string(s.buf)]; ok {
			return false
		}
		s.keys[string(s.buf)] = struct{}{}
	} else {
		if slices.ContainsFunc(s.list, func(t []int32) bool { return slices.Equal(t, img) }) {
			return false
		}
		s.list = append(s.list, slices.Clone(img))
	}
	s.n++
	return true
}
