# pair: 14b
# plants: generated/preemptive_shed.go: the plugin is registered as "preemptive-shed" (the const a later edit renamed) while the treatment config still names preemptive-shed-admitter: no config names the type the code registers, so the treatment cannot have run the generated plugin
# catches: 4a plugin.generated - => FAIL ~ no deployed EPP config names it
# touches: 4a
plant() {
	local f="$REAL/generated/preemptive_shed.go"
	sed -i 's/^const PreemptiveShedAdmitterType = "preemptive-shed-admitter"$/const PreemptiveShedAdmitterType = "preemptive-shed"/' "$f"
	grep -q '^const PreemptiveShedAdmitterType = "preemptive-shed"$' "$f"
}
