package pitfalls

import "regexp"

// P01 quotes label values; the raw strings hold an unbalanced brace,
// quotes, "//" and "/*".
func P01(s string) string { // want-start
	re := regexp.MustCompile(`(\w+)\s*=\s*([^",}\s]+)`)
	doc := `first line {
	// not a comment, /* not either
	"quoted" }}`
	return re.ReplaceAllString(s, `$1="$2"`) + doc
} // want-end

func After01() {}
