package pitfalls

import "strings"

func P07(sb *strings.Builder, raw string) { // want-start
	closer, sep := '}', ": "
	switch {
	case raw[0] == '{':
		sb.WriteByte('{')
	case raw[0] == '"':
		sb.WriteByte('\'')
	case raw[0] == '\\':
		sb.WriteString(sep)
	}
	sb.WriteRune(closer)
} // want-end

func After07() {}
