# pair: 14b
# plants: generated/preemptive_shed.go: computeSaturation returns the most loaded endpoint's max(queue ratio, KV ratio) instead of their mean over the pool (total = max(total, ...), no division): one hot pod makes the whole pool saturated, while the sim averages over the instances
# catches: 3c saturation.formula - => FAIL ~ max \(the most loaded endpoint.s\) over endpoints
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i '/computeSaturation(endpoints \[\]scheduling.Endpoint) float64 {/,/^}/ {
		s|total += 1.0 // no metrics yet: treat as fully loaded|total = 1.0 // no metrics yet: treat as fully loaded|
		s|total += max(qRatio, kvRatio)|total = max(total, max(qRatio, kvRatio))|
		s|return total / float64(len(endpoints))|return total|
	}' "$f"
	grep -q 'total = max(total, max(qRatio, kvRatio))' "$f"
	grep -q '^	return total$' "$f"
}
