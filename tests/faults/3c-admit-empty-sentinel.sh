# pair: 14b
# plants: generated/preemptive_shed.go: AdmitRequest rejects a shed-tier request when the pool is empty (return errNoEndpoints, a package sentinel made with errors.New), where the sim's Admit admits it (if len(snaps) == 0 { return true }): with every pod starting or gone, the real plugin answers 429 where the sim lets the request through; the error is a named sentinel, not an inline fmt.Errorf
# catches: 3c saturation.empty_pool - => FAIL ~ AdmitRequest rejects an empty pool
# touches: 3c
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i '/^func (a \*PreemptiveShedAdmitter) AdmitRequest(/,/^}/ {
/if len(endpoints) == 0 {/,/}/ s|return nil|return errNoEndpoints|
}' "$f"
	sed -i 's|^const PreemptiveShedAdmitterType = "preemptive-shed-admitter"|&\n\n// errNoEndpoints rejects a request no endpoint can serve.\nvar errNoEndpoints = errors.New("preemptive shed: no endpoints")|' "$f"
	sed -i 's#^\t"encoding/json"#&\n\t"errors"#' "$f"
	grep -q 'return errNoEndpoints' "$f"
}
