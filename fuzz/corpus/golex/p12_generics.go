package pitfalls

func Redacted12[V string | []string](h map[string]V) map[string]string { // want-start
	out := map[string]string{}
	for k := range h {
		out[k] = "[REDACTED]"
	}
	return out
} // want-end

type Extractor12[T any] interface {
	Extract(T) error
}

type PollInput12[D any] struct {
	Data D
}

type Polling12[T any] = Extractor12[PollInput12[T]]

type Array12 [4]int
