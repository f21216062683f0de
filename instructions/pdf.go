package instructions

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"time"

	"github.com/go-pdf/fpdf"

	"polyviz/render"
)

// pdfWidth is the width of a PDF page in points: A4's long side, so that
// the default 4:3 page prints on A4 landscape.
const pdfWidth = 842.0

// WritePDF writes the whole sheet as one PDF, a page for each page of the
// sheet: the pictures embedded as PNG, the texts and the arrow as vectors.
// progress, when not nil, is called after each page is drawn. The file's
// dates are fixed (1970), so that only what it shows changes it.
func (s *Sheet) WritePDF(ctx context.Context, w io.Writer, opt Options, progress func(done, total int)) error {
	pw, ph := opt.size()
	k := pdfWidth / float64(pw) // points per pixel
	size := fpdf.SizeType{Wd: float64(pw) * k, Ht: float64(ph) * k}
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: size})
	doc.SetCreationDate(time.Unix(0, 0).UTC())
	doc.SetModificationDate(time.Unix(0, 0).UTC())
	doc.SetCatalogSort(true)
	doc.SetAutoPageBreak(false, 0)
	doc.SetMargins(0, 0, 0)
	doc.SetTitle(s.Title, true)
	doc.SetCreator("polyviz", true)
	tr := doc.UnicodeTranslatorFromDescriptor("") // cp1252: "×" and accents
	r := render.NewRenderer()
	for p := range s.Pages() {
		pg, err := s.layout(ctx, r, p, opt)
		if err != nil {
			return err
		}
		if err := pg.writePDF(doc, tr, k, p); err != nil {
			return err
		}
		if progress != nil {
			progress(p+1, s.Pages())
		}
	}
	if err := doc.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return doc.Output(w)
}

// writePDF adds a laid-out page to doc, k points a pixel.
func (pg *page) writePDF(doc *fpdf.Fpdf, tr func(string) string, k float64, p int) error {
	doc.AddPage()
	head, foot := bands(pg.h)
	hs, cs, ns := textSizes(pg.h)
	margin := hs * 0.6
	bg := render.DefaultBackground
	doc.SetFillColor(int(bg.R), int(bg.G), int(bg.B))
	doc.Rect(0, 0, float64(pg.w)*k, float64(pg.h)*k, "F")
	setText := func(c color.NRGBA) { doc.SetTextColor(int(c.R), int(c.G), int(c.B)) }
	for n, pic := range pg.pics {
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, pic.img); err != nil {
			return err
		}
		name := fmt.Sprintf("p%d-%d", p, n)
		doc.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, &buf)
		b := pic.img.Bounds()
		doc.ImageOptions(name, float64(pic.at.X)*k, float64(pic.at.Y)*k, float64(b.Dx())*k, float64(b.Dy())*k, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		if pic.label != "" {
			doc.SetFont("Helvetica", "B", ns*k)
			setText(inkText)
			l := tr(pic.label)
			doc.Text((float64(pic.at.X)+float64(b.Dx())/2)*k-doc.GetStringWidth(l)/2, (float64(pic.at.Y+b.Dy())+ns*1.1)*k, l)
		}
	}
	if pg.arrow {
		poly := func(pts [][2]float64, c color.NRGBA) {
			ps := make([]fpdf.PointType, len(pts))
			for i, pt := range pts {
				ps[i] = fpdf.PointType{X: pt[0] * k, Y: pt[1] * k}
			}
			doc.SetFillColor(int(c.R), int(c.G), int(c.B))
			doc.Polygon(ps, "F")
		}
		wd := arrowWidth(pg.h)
		poly(arrowPolygon(pg.x0, pg.y0, pg.x1, pg.y1, wd*1.8), bg)
		poly(arrowPolygon(pg.x0, pg.y0, pg.x1, pg.y1, wd), inkArrow)
	}
	doc.SetFont("Helvetica", "B", hs*k)
	setText(inkText)
	doc.Text(margin*k, float64(head)*0.72*k, tr(pg.heading))
	if pg.title != "" {
		doc.SetFont("Helvetica", "", ns*k)
		setText(inkNote)
		t := tr(pg.title)
		doc.Text((float64(pg.w)-margin)*k-doc.GetStringWidth(t), float64(head)*0.72*k, t)
	}
	doc.SetDrawColor(int(inkRule.R), int(inkRule.G), int(inkRule.B))
	doc.SetLineWidth(0.5)
	doc.Line(margin*k, float64(head)*k, (float64(pg.w)-margin)*k, float64(head)*k)
	doc.Line(margin*k, float64(pg.h-foot)*k, (float64(pg.w)-margin)*k, float64(pg.h-foot)*k)
	width := (float64(pg.w) - 2*margin) * k
	y := float64(pg.h-foot) + cs*1.3
	doc.SetFont("Helvetica", "B", cs*k)
	setText(inkText)
	for _, line := range wrap(tr(pg.caption), width, doc.GetStringWidth) {
		doc.Text(margin*k, y*k, line)
		y += cs * 1.2
	}
	doc.SetFont("Helvetica", "", ns*k)
	setText(inkNote)
	for _, line := range wrap(tr(pg.note), width, doc.GetStringWidth) {
		doc.Text(margin*k, y*k, line)
		y += ns * 1.25
	}
	return doc.Error()
}
