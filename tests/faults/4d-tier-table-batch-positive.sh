# pair: 14b
# plants: README.md: the priority tier table gives batch +10 (a sign slip: the InferenceModel CRs the run deployed hold batch at -10), while the router sheds exactly the negative priorities, so its control arm would never shed batch against the table's own "reject at saturation"; the EPP logs (5g) and the shed order (5d) follow
# catches: 4d priority.semantics - => FAIL ~ Inconsistent with the router: batch at 10
# touches: 4d 5d 5g
plant() {
	local f="$SIM/README.md"
	sed -i 's/^| batch | -10 |/| batch | 10 |/' "$f"
	grep -q '^| batch | 10 |' "$f"
}
