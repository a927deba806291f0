func F() { x := "unterminated
}
y := `raw {
