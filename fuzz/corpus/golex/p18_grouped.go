package pitfalls

type (
	// engineParams18 names an engine's metric specs.
	engineParams18 struct { // want-start
		Name        string `json:"name"`
		KVUsageSpec string `json:"kvUsageSpec"`
	} // want-end
	alias18 = engineParams18
)

const (
	DefaultQueueDepth18 int     = 5
	DefaultKVThreshold18 float64 = 0.8
)
