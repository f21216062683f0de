package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Camera orbits a target point. World space has z up; the camera sits at
// Distance from Target, turned Yaw degrees about the vertical axis (0 looks
// along +y, with +x to the right; positive yaw swings the camera towards +x)
// and raised Pitch degrees above the horizon (90 looks straight down, with
// +x to the right and +y up the image).
//
// FOV is the field of view in degrees across the smaller image dimension (0
// means 30). An orthographic camera shows the same extent at the target as
// the perspective one would: 2·Distance·tan(FOV/2) across the smaller
// dimension, so switching Ortho keeps the framing.
type Camera struct {
	Yaw, Pitch, Distance float64
	Target               mgl64.Vec3
	Ortho                bool
	FOV                  float64
}

// Default viewing angles of FitCamera.
const (
	DefaultYaw   = 32.0
	DefaultPitch = 28.0
	defaultFOV   = 30.0
	fitMargin    = 0.06 // fraction of the half-view kept free around the scene
)

// fov returns the field of view in radians.
func (c Camera) fov() float64 {
	f := c.FOV
	if !(f > 0 && f < 179) {
		f = defaultFOV
	}
	return mgl64.DegToRad(f)
}

// Basis returns the camera's right, up and forward unit vectors in world
// space. Right is horizontal for every pitch, so looking straight down is not
// a degenerate case.
func (c Camera) Basis() (right, up, forward mgl64.Vec3) {
	yaw, pitch := mgl64.DegToRad(c.Yaw), mgl64.DegToRad(c.Pitch)
	// The eye is at Target + Distance·back, back = -forward.
	back := mgl64.Vec3{math.Sin(yaw) * math.Cos(pitch), -math.Cos(yaw) * math.Cos(pitch), math.Sin(pitch)}
	forward = back.Mul(-1)
	right = mgl64.Vec3{math.Cos(yaw), math.Sin(yaw), 0}
	up = right.Cross(forward)
	return right, up, forward
}

// Eye returns the camera's position in world space.
func (c Camera) Eye() mgl64.Vec3 {
	_, _, f := c.Basis()
	return c.Target.Sub(f.Mul(c.distance()))
}

func (c Camera) distance() float64 {
	if !(c.Distance > 0) || math.IsInf(c.Distance, 0) {
		return 1
	}
	return c.Distance
}

// View returns the world-to-eye matrix (OpenGL convention: the camera looks
// down -z).
func (c Camera) View() mgl64.Mat4 {
	_, up, _ := c.Basis()
	return mgl64.LookAtV(c.Eye(), c.Target, up)
}

// Projection returns the eye-to-clip matrix for an image of w×h pixels and
// the given near and far clipping distances (near may be negative for an
// orthographic camera).
func (c Camera) Projection(w, h int, near, far float64) mgl64.Mat4 {
	aw, ah := c.halfExtents(w, h)
	if c.Ortho {
		return mgl64.Ortho(-aw, aw, -ah, ah, near, far)
	}
	return mgl64.Frustum(-aw*near, aw*near, -ah*near, ah*near, near, far)
}

// halfExtents returns half the view's width and height: at unit distance for
// a perspective camera, at the target for an orthographic one.
func (c Camera) halfExtents(w, h int) (aw, ah float64) {
	t := math.Tan(c.fov() / 2)
	if c.Ortho {
		t *= c.distance()
	}
	w, h = max(w, 1), max(h, 1)
	if w >= h {
		return t * float64(w) / float64(h), t
	}
	return t, t * float64(h) / float64(w)
}

// Project returns where world point p lands in an image of w×h pixels, in
// pixel coordinates (x right, y down, pixel centres at half-integers), and its
// distance in front of the camera. ok is false when p is not in front of a
// perspective camera.
func (c Camera) Project(p mgl64.Vec3, w, h int) (x, y, depth float64, ok bool) {
	right, up, forward := c.Basis()
	d := p.Sub(c.Eye())
	vx, vy, vz := d.Dot(right), d.Dot(up), d.Dot(forward)
	aw, ah := c.halfExtents(w, h)
	if !c.Ortho {
		if vz <= 1e-9 {
			return 0, 0, vz, false
		}
		vx, vy = vx/vz, vy/vz
	}
	x = (vx/aw + 1) / 2 * float64(w)
	y = (1 - vy/ah) / 2 * float64(h)
	return x, y, vz, true
}

// FitCamera returns the default camera for a scene: for a planar puzzle an
// orthographic view straight down; otherwise a perspective view from the
// front right, above. Either way the scene's bounding box fits a square
// image with a small margin, so nothing is clipped at any aspect; use
// FitCameraSize to fill an image of known size.
func FitCamera(s *Scene, planar bool) Camera { return FitCameraSize(s, planar, 1, 1) }

// FitCameraSize is FitCamera for a w×h image: the scene fills the image's
// width or height, whichever limits it, with a small margin. The fit is to
// the corners of the cubes themselves, centred on their projection, so
// irregular scenes are framed tightly too.
func FitCameraSize(s *Scene, planar bool, w, h int) Camera {
	cam := Camera{Yaw: DefaultYaw, Pitch: DefaultPitch}
	if planar {
		cam = Camera{Yaw: 0, Pitch: 90, Ortho: true}
	}
	return cam.FitScene(s, w, h)
}

// FitScene returns c, keeping its angles and projection, aimed and at a
// distance so that every cube of the scene fits a w×h image.
func (c Camera) FitScene(s *Scene, w, h int) Camera {
	lo, hi, ok := s.Bounds()
	if !ok {
		return c.FitSize(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}, w, h)
	}
	var pts []mgl64.Vec3
	add := func(cells []geometry.Cell, off mgl64.Vec3) {
		for _, cell := range cells {
			for k := range 8 {
				pts = append(pts, mgl64.Vec3{float64(cell.X + k&1), float64(cell.Y + k>>1&1), float64(cell.Z + k>>2&1)}.Add(off))
			}
		}
	}
	if s.Grid != nil {
		pts = s.gridPoints()
	} else {
		if s.BoxStyle != BoxHidden {
			add(s.Box, mgl64.Vec3{})
		}
		for i := range s.Pieces {
			add(s.Pieces[i].Cells, s.Pieces[i].Offset)
		}
		if s.wraps() { // the join marks outside the box
			for k := range 8 {
				pts = append(pts, mgl64.Vec3{[2]float64{lo[0], hi[0]}[k&1], [2]float64{lo[1], hi[1]}[k>>1&1], [2]float64{lo[2], hi[2]}[k>>2&1]})
			}
		}
	}
	// centre the target on the points' extent across the view
	c.Target = lo.Add(hi).Mul(0.5)
	right, up, _ := c.Basis()
	x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		d := p.Sub(c.Target)
		x0, x1 = math.Min(x0, d.Dot(right)), math.Max(x1, d.Dot(right))
		y0, y1 = math.Min(y0, d.Dot(up)), math.Max(y1, d.Dot(up))
	}
	c.Target = c.Target.Add(right.Mul((x0 + x1) / 2)).Add(up.Mul((y0 + y1) / 2))
	return c.fitPoints(pts, w, h, hi.Sub(lo).Len()/2)
}

// Fit returns c aimed at the centre of the box [lo, hi] with the distance at
// which the whole box just fits a square image, keeping c's angles and
// projection.
func (c Camera) Fit(lo, hi mgl64.Vec3) Camera { return c.FitSize(lo, hi, 1, 1) }

// FitSize is Fit for a w×h image.
func (c Camera) FitSize(lo, hi mgl64.Vec3, w, h int) Camera {
	c.Target = lo.Add(hi).Mul(0.5)
	var pts [8]mgl64.Vec3
	for k := range pts {
		pts[k] = lo
		for a := range 3 {
			if k&(1<<a) != 0 {
				pts[k][a] = hi[a]
			}
		}
	}
	return c.fitPoints(pts[:], w, h, hi.Sub(lo).Len()/2)
}

// fitPoints sets the distance at which every point fits a w×h image around
// c.Target, keeping the eye beyond radius (for a perspective camera).
func (c Camera) fitPoints(pts []mgl64.Vec3, w, h int, radius float64) Camera {
	right, up, forward := c.Basis()
	// the view's half extents at unit distance, and their ratio to the
	// smaller one, which the FOV sets
	t := math.Tan(c.fov()/2) * (1 - fitMargin)
	ax, ay := c.halfExtents(w, h)
	ax, ay = ax/math.Min(ax, ay), ay/math.Min(ax, ay)
	need := 0.0 // perspective: distance; orthographic: half extent
	for _, p := range pts {
		d := p.Sub(c.Target)
		x, y, z := math.Abs(d.Dot(right))/ax, math.Abs(d.Dot(up))/ay, d.Dot(forward)
		if c.Ortho {
			need = math.Max(need, math.Max(x, y))
		} else {
			// the point at depth D+z must satisfy max(x, y) <= t·(D+z)
			need = math.Max(need, math.Max(x, y)/t-z)
		}
	}
	if c.Ortho {
		c.Distance = math.Max(need/t, 1e-3)
		return c
	}
	// the eye stays outside the bounding sphere, so the near plane is
	// in front of it
	c.Distance = math.Max(need, radius*1.05)
	return c
}
