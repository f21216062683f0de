package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"polyviz/geometry"
)

// turnButtons are the piece's turns: on a board only the turn in its plane
// and the mirror (a flat piece turned over about x or y is its mirror image,
// which the buttons refused).
func turnButtons(planar bool, turn func(string, geometry.Transform) *widget.Button) *fyne.Container {
	if planar {
		return container.NewGridWithColumns(2, turn("Turn Z", turnZ), turn("Mirror", mirrorX))
	}
	return container.NewGridWithColumns(4,
		turn("Turn Z", turnZ), turn("Turn X", turnX), turn("Turn Y", turnY), turn("Mirror", mirrorX))
}

// checksPane holds the live checks in a scroll four lines high: as many
// checks as a set of generated pieces raises (a line for each pair alike)
// took the whole column and left the list of pieces one row high.
func checksPane(checks *widget.Label) fyne.CanvasObject {
	line := fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height + theme.LineSpacing()
	sc := container.NewVScroll(checks)
	sc.SetMinSize(fyne.NewSize(0, 4*line+2*theme.InnerPadding()))
	return sc
}
