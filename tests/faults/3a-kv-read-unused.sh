# pair: 14b
# plants: generated/preemptive_shed.go: the plugin computes the KV ratio from KVCacheUsagePercent but discards it (_ = kvRatio, "until calibrated") and sums the queue ratio alone: the field is read, the signal never counts, where the sim's saturation is max(QD/5, KV/0.8)
# catches: 3a signal.kv_utilization - => FAIL ~ never
# touches: 3a 3b 3c 4d
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's|^\t\ttotal += max(qRatio, kvRatio)$|\t\t_ = kvRatio // KV term off until calibrated on real pods\n\t\ttotal += qRatio|' "$f"
	grep -q '_ = kvRatio' "$f"
}
