#!/usr/bin/env bats
bats_require_minimum_version 1.5.0
# pipelines/s2r-slurm-batch against a real single-node Slurm (slurmctld +
# slurmd on this machine, munge), started and stopped by this file.  The
# index the array job writes must equal the one of a local batch run.
#
# Runs only with S2R_SLURM_TEST=1 or CI=true (it takes ~15 s); as root it
# then installs slurm-wlm and munge with apt when they are missing.  Skips
# cleanly when Slurm cannot be installed or started.
load helpers

slurm_wanted() {
	[ -n "${S2R_SLURM_TEST:-}" ] || [ "${CI:-}" = true ]
}

slurm_install() {
	command -v slurmctld >/dev/null && command -v munged >/dev/null &&
		return 0
	[ "$(id -u)" -eq 0 ] || return 1
	# DPkg::Lock::Timeout: wait for another apt/dpkg instead of failing
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 \
		install -y -qq --no-install-recommends slurm-wlm munge \
		>/dev/null 2>&1
}

munge_up() {
	munge -n 2>/dev/null | unmunge >/dev/null 2>&1
}

# Starts munged (unless one answers), slurmctld and slurmd on a private
# configuration; writes their PIDs into $SD for teardown_file.
slurm_start() {
	local h n mem
	SD=$(mktemp -d /tmp/s2r-slurm.XXXXXX)
	chmod 755 "$SD"
	mkdir -p "$SD/spool" "$SD/state"
	if ! munge_up; then
		[ -s /etc/munge/munge.key ] ||
			mungekey --create --keyfile=/etc/munge/munge.key >/dev/null 2>&1 ||
			return 1
		install -d -o munge -g munge -m 755 /run/munge || return 1
		runuser -u munge -- /usr/sbin/munged >/dev/null 2>&1 3>&- || return 1
		cp /run/munge/munged.pid "$SD/munged.pid"
		munge_up || return 1
	fi
	h=$(hostname -s)
	n=$(nproc)
	mem=$(slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
	cat >"$SD/slurm.conf" <<-EOF
	ClusterName=s2rtest
	SlurmctldHost=$h
	SlurmUser=root
	AuthType=auth/munge
	MpiDefault=none
	ProctrackType=proctrack/linuxproc
	TaskPlugin=task/none
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	ReturnToService=2
	StateSaveLocation=$SD/state
	SlurmdSpoolDir=$SD/spool
	SlurmctldPidFile=$SD/slurmctld.pid
	SlurmdPidFile=$SD/slurmd.pid
	SlurmctldLogFile=$SD/slurmctld.log
	SlurmdLogFile=$SD/slurmd.log
	MinJobAge=4
	SchedulerParameters=batch_sched_delay=0
	MailProg=/bin/true
	NodeName=$h CPUs=$n RealMemory=${mem:-1000} State=UNKNOWN
	PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
	EOF
	export SLURM_CONF="$SD/slurm.conf"
	slurmctld -D -i >"$SD/ctld.out" 2>&1 3>&- &
	echo $! >"$SD/ctld.bgpid"
	slurmd -D >"$SD/d.out" 2>&1 3>&- &
	echo $! >"$SD/d.bgpid"
	for _ in $(seq 100); do
		sinfo -h -o %T 2>/dev/null | grep -qx idle && return 0
		sleep 0.2
	done
	return 1
}

slurm_stop() {
	local f pid
	if [ -z "${SD:-}" ] || [ ! -d "$SD" ]; then
		return 0
	fi
	for f in d.bgpid ctld.bgpid; do
		if [ -f "$SD/$f" ]; then
			kill "$(cat "$SD/$f")" 2>/dev/null || true
		fi
	done
	for f in d.bgpid ctld.bgpid; do
		if [ -f "$SD/$f" ]; then
			pid=$(cat "$SD/$f")
			while kill -0 "$pid" 2>/dev/null; do
				sleep 0.1
			done
		fi
	done
	if [ -f "$SD/munged.pid" ]; then
		kill "$(cat "$SD/munged.pid")" 2>/dev/null || true
	fi
	rm -rf "$SD"
}

# bats 1.8 cannot skip from setup_file: it leaves the reason in
# SLURM_SKIP and every test skips in setup.
setup_file() {
	SLURM_SKIP=""
	if ! slurm_wanted; then
		SLURM_SKIP="Slurm test not requested (set S2R_SLURM_TEST=1)"
	elif ! slurm_install; then
		SLURM_SKIP="slurm-wlm/munge not installed and cannot be (needs root)"
	elif [ "$(id -u)" -ne 0 ]; then
		SLURM_SKIP="starting slurmd here needs root"
	elif ! slurm_start; then
		slurm_stop
		SD=""
		SLURM_SKIP="single-node Slurm did not start"
	fi
	export SLURM_SKIP SD SLURM_CONF
	if [ -z "$SLURM_SKIP" ]; then
		W=$(mktemp -d /tmp/s2r-slurm-work.XXXXXX)
		export W
		"$S2R_TOP/tests/fixtures/batch/gen-bundles" "$S2R_BIN" "$W/in" 4 1
	fi
}

setup() {
	if [ -n "$SLURM_SKIP" ]; then
		skip "$SLURM_SKIP"
	fi
}

teardown_file() {
	slurm_stop
	if [ -n "${W:-}" ]; then
		rm -rf "$W"
	fi
}

@test "slurm: the array batch writes the same index as a local batch" {
	run make -s -j2 -f "$S2R_TOP/pipelines/batch.mk" BUNDLES="$W/in/manifest" \
		OUT="$W/local" S2R_BIN="$S2R_BIN"
	[ "$status" -ne 0 ]	# a broken bundle: non-zero, like the Slurm run
	run --separate-stderr "$S2R_TOP/pipelines/s2r-slurm-batch" \
		BUNDLES="$W/in/manifest" OUT="$W/slurm" S2R_BIN="$S2R_BIN"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"array job"*"5 bundle(s)"* ]]
	# one array task per bundle, each with its own log
	[ "$(ls "$W/slurm/slurm"/task-*_*.out | wc -l)" -eq 5 ]
	cmp "$W/local/index.md" "$W/slurm/index.md"
	cmp "$W/local/index.html" "$W/slurm/index.html"
	for b in b01 b02 b03 b04; do
		cmp "$W/local/bundles/$b/verdicts.ndjson" "$W/slurm/bundles/$b/verdicts.ndjson"
		cmp "$W/local/bundles/$b/report.md" "$W/slurm/bundles/$b/report.md"
	done
	grep -q '^| zz-broken | ERROR |' "$W/slurm/index.md"
}

@test "slurm: -n submits and returns the job ids at once" {
	run --separate-stderr "$S2R_TOP/pipelines/s2r-slurm-batch" -n \
		BUNDLES="$W/in/manifest" OUT="$W/nowait" S2R_BIN="$S2R_BIN"
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^[0-9]+\ [0-9]+$ ]]
	# wait for the index job, then the index is there
	for _ in $(seq 150); do
		squeue -h -j "${output#* }" 2>/dev/null | grep -q . || break
		sleep 0.2
	done
	[ -f "$W/nowait/index.md" ]
}
