# batch-manifest.awk - checks a batch manifest (pipelines/batch.mk) and
# prints one word per bundle: name|sim|real[|VAR=value...], relative
# paths made absolute against -v dir (the manifest's folder).  A bad line
# is reported on stderr as manifest:line: what was expected, and the
# word ERROR: makes batch.mk stop.
function abs(p) {
	return p ~ /^\// ? p : dir "/" p
}
function bad(msg) {
	printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	print "ERROR:"
	failed = 1
	exit 1
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
	w = $1 "|" abs($2) "|" abs($3)
	for (i = 4; i <= NF; i++) {
		if ($i !~ /^[A-Z][A-Z0-9_]*=/)
			bad("field " i ": expected VAR=value, got \"" $i "\"")
		if ($i ~ /^(GAIE|LLMD|TOLERANCES)=./) {
			eq = index($i, "=")
			$i = substr($i, 1, eq) abs(substr($i, eq + 1))
		}
		w = w "|" $i
	}
	print w
}
