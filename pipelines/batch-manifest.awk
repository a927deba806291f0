# batch-manifest.awk - reads a batch manifest (pipelines/batch.mk) for
# discover.sh.  Every line is checked, always: a bad line is printed as
# "!manifest:line: what was expected" and the exit status is 1.
#
# Without S2R_WANT: the bundle names, one a line (make sees only these).
# With S2R_WANT=NAME: that bundle's parity.mk variables as single-quoted
# shell words, SIM=... REAL=... [VAR=value ...], relative paths made
# absolute against S2R_MANIFEST_DIR (the manifest's folder).
function abs(p) {
	return p ~ /^\// ? p : dir "/" p
}
function shq(s) {
	gsub(/'/, "'\\''", s)
	return "'" s "'"
}
function bad(msg) {
	printf "!%s:%d: %s\n", FILENAME, FNR, msg
	failed = 1
	exit 1
}
BEGIN {
	dir = ENVIRON["S2R_MANIFEST_DIR"]
	want = ENVIRON["S2R_WANT"]
	# What a manifest line may set in parity.mk.
	split("GAIE GAIE_REV LLMD LLMD_REV MAP TOLERANCES FOLLOW_LINKS", v, " ")
	for (i in v)
		allowed[v[i]] = 1
}
/^[ \t]*(#|$)/ { next }
{
	if (NF < 3)
		bad("expected \"name sim-bundle real-bundle [VAR=value ...]\", got " NF " field" (NF == 1 ? "" : "s"))
	if ($1 !~ /^[A-Za-z0-9][A-Za-z0-9._-]*$/)
		bad("bundle name: expected letters, digits, '.', '_' or '-', got \"" $1 "\"")
	if ($1 in seen)
		bad("bundle name \"" $1 "\" already used on line " seen[$1])
	seen[$1] = FNR
	for (i = 1; i <= NF; i++)
		if ($i ~ /[|'"$]/)
			bad("field " i ": '|', quotes and '$' are not allowed, got \"" $i "\"")
	w = shq("SIM=" abs($2)) " " shq("REAL=" abs($3))
	for (i = 4; i <= NF; i++) {
		if ($i !~ /^[A-Z][A-Z0-9_]*=/)
			bad("field " i ": expected VAR=value, got \"" $i "\"")
		var = substr($i, 1, index($i, "=") - 1)
		if (!(var in allowed))
			bad("field " i ": expected one of GAIE=, GAIE_REV=, LLMD=, LLMD_REV=, MAP=, TOLERANCES=, FOLLOW_LINKS=, got \"" var "=\"")
		if ($i ~ /^(GAIE|LLMD|TOLERANCES)=./)
			$i = var "=" abs(substr($i, length(var) + 2))
		w = w " " shq($i)
	}
	if (want == "")
		print $1
	else if ($1 == want)
		print w
}
