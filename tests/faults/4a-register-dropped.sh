# pair: 14b
# plants: generated/register.go: the init() that registers the plugin is commented out (a merge left it disabled): the treatment config names preemptive-shed-admitter, but no code registers that type, so the EPP the treatment ran cannot have built the generated plugin
# catches: 4a plugin.generated - => WARN ~ no Register call
# touches: 4a
plant() {
	local f="$REAL/generated/register.go"
	sed -i 's|^\tplugin.Register(PreemptiveShedAdmitterType, PreemptiveShedAdmitterFactory)$|\t// plugin.Register(PreemptiveShedAdmitterType, PreemptiveShedAdmitterFactory)|' "$f"
	grep -q '// plugin.Register' "$f"
}
