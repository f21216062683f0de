package instructions

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"polyviz/render"
)

// WriteSVGPage writes page p of the sheet as SVG: its texts and the arrow
// as vectors, each picture of the pieces as an embedded PNG. A step's page
// names its moving pieces in a group <g class="step" data-step="k"
// data-moving="A B">, and each picture says what it shows.
func (s *Sheet) WriteSVGPage(ctx context.Context, w io.Writer, p int, opt Options) error {
	pg, err := s.layout(ctx, render.NewRenderer(), p, opt)
	if err != nil {
		return err
	}
	return pg.writeSVG(w, p, s.Pages())
}

func (pg *page) writeSVG(w io.Writer, p, pages int) error {
	bw := bufio.NewWriter(w)
	head, foot := bands(pg.h)
	hs, cs, ns := textSizes(pg.h)
	margin := hs * 0.6
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" data-page=\"%d\" data-pages=\"%d\">\n", pg.w, pg.h, pg.w, pg.h, p+1, pages)
	fmt.Fprintf(bw, "<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n", hex(render.DefaultBackground))
	if p == 0 {
		fmt.Fprintf(bw, "<g class=\"pieces\">\n")
	} else {
		fmt.Fprintf(bw, "<g class=\"step\" data-step=\"%d\" data-moving=\"%s\">\n", p, esc(strings.Join(pg.moving, " ")))
	}
	for _, pic := range pg.pics {
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, pic.img); err != nil {
			return err
		}
		b := pic.img.Bounds()
		data := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
		fmt.Fprintf(bw, "<image class=\"picture\" data-label=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" href=\"%s\" xlink:href=\"%s\"/>\n",
			esc(pic.label), pic.at.X, pic.at.Y, b.Dx(), b.Dy(), data, data)
		if pic.label != "" {
			fmt.Fprintf(bw, "<text class=\"label\" x=\"%s\" y=\"%s\" text-anchor=\"middle\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%s\" fill=\"%s\">%s</text>\n",
				num(float64(pic.at.X)+float64(b.Dx())/2), num(float64(pic.at.Y+b.Dy())+ns*1.1), num(ns), hex(inkText), esc(pic.label))
		}
	}
	if pg.arrow {
		pts := arrowPolygon(pg.x0, pg.y0, pg.x1, pg.y1, arrowWidth(pg.h))
		var d strings.Builder
		for k, pt := range pts {
			d.WriteString(map[bool]string{true: "M", false: " L"}[k == 0])
			d.WriteString(num(pt[0]) + " " + num(pt[1]))
		}
		fmt.Fprintf(bw, "<path class=\"arrow\" d=\"%s Z\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\" paint-order=\"stroke\"/>\n",
			d.String(), hex(inkArrow), hex(render.DefaultBackground), num(arrowWidth(pg.h)*0.8))
	}
	fmt.Fprintf(bw, "</g>\n")
	text := func(class string, x, y, size float64, weight string, fill, anchor, s string) {
		fmt.Fprintf(bw, "<text class=\"%s\" x=\"%s\" y=\"%s\" text-anchor=\"%s\" font-family=\"sans-serif\" font-weight=\"%s\" font-size=\"%s\" fill=\"%s\">%s</text>\n",
			class, num(x), num(y), anchor, weight, num(size), fill, esc(s))
	}
	text("heading", margin, float64(head)*0.72, hs, "bold", hex(inkText), "start", pg.heading)
	if pg.title != "" {
		text("title", float64(pg.w)-margin, float64(head)*0.72, ns, "normal", hex(inkNote), "end", pg.title)
	}
	fmt.Fprintf(bw, "<path class=\"rule\" d=\"M%s %d H%s M%s %d H%s\" stroke=\"%s\" stroke-width=\"1\"/>\n",
		num(margin), head, num(float64(pg.w)-margin), num(margin), pg.h-foot, num(float64(pg.w)-margin), hex(inkRule))
	y := float64(pg.h-foot) + cs*1.3
	cf, nf := face(bold(), cs), face(regular(), ns)
	width := float64(pg.w) - 2*margin
	for _, line := range wrap(pg.caption, width, measureWith(cf)) {
		text("caption", margin, y, cs, "bold", hex(inkText), "start", line)
		y += cs * 1.2
	}
	for _, line := range wrap(pg.note, width, measureWith(nf)) {
		text("note", margin, y, ns, "normal", hex(inkNote), "start", line)
		y += ns * 1.25
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}

func measureWith(f font.Face) func(string) float64 {
	return func(s string) float64 { return float64(font.MeasureString(f, s).Round()) }
}

func hex(c interface{ RGBA() (r, g, b, a uint32) }) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

func num(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
