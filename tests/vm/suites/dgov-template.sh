#!/bin/busybox sh
# dgov-template: a domain governor in a module of its own, the template
# (examples/dgov-template: pidle_dgov_threshold.ko, built by run.sh for
# each kernel against the module's headers and Module.symvers), selected
# through the real interface: domain_gov=, written to sysfs at run time
# in OSI mode, as a developer does (Documentation/cluster-governors.rst,
# "Writing your own"). It registers with pseudo_cpuidle's registry; a
# name already taken (a built-in's) or not a name is refused, saying why;
# selected, it decides the core's states (its select() is called: down
# periods or rejections counted) and its module cannot be unloaded; a
# second selection takes no second reference; once another governor is
# selected it unloads and its name is refused. At load, domain_gov= can
# name only a governor registered then: the template links against
# pseudo_cpuidle, so it is always loaded after it, and naming it at load
# is refused with the module's one line. And the module sees other CPUs'
# pending IPIs exactly when the kernel has cpus_peek_for_pending_ipi()
# (the eval kernel built with kernels/cpus-peek-ipi.patch; no Debian
# kernel). The registry lists what domain_gov= takes in
# available_domain_governors, built-ins first, the template while it is
# loaded. And the registry's rules against a module that breaks them
# (tests/vm/kmod/pidle_dgov_misbehave.c; issue 34, items 4 and 8;
# Documentation/cluster-governors.rst, "The owner rule"): a governor
# without .owner is refused at registration (its module could be unloaded
# while it is selected); one registered by a module still in its init is
# neither listed nor selectable, and when that init then fails without
# unregistering it the registry drops it, its name free again; one whose
# ->attach() returns a positive value is refused with EINVAL in one write
# (not a short write that echo retries). Runs on 6.1 and 6.12 (every
# suite does).
# smp: 2
. /lib.sh
TPL=/pidle_dgov_threshold.ko
GOV=pidle_dgov_threshold
BAD=/pidle_dgov_misbehave.ko
BADMOD=pidle_dgov_misbehave
P=/sys/module/$MOD/parameters
LIST=$SYS/available_domain_governors
BUILTINS="genpd genpd-6.12 genpd-6.1 deepest predict"
T=POLL:0:0,C1:2:2,CPD:10+40:200,CC6:50+100:400:core
TOPO=core=0-1

gov_loaded() { grep -q "^$GOV " /proc/modules; }
refcnt() { cat /sys/module/$1/refcnt 2>/dev/null || echo "?"; }
log_since() { dmesg | tail -n +$(($1 + 1)); }
mod_loaded() { grep -q "^$1 " /proc/modules; }
listed() { cat $LIST 2>/dev/null | tr ' ' '\n' | grep -qx -- "$1"; }
# write_refused NAME D0: domain_gov=NAME refused, its line logged after D0
write_refused() {
	if echo "$1" > $P/domain_gov 2>/dev/null; then
		echo "domain_gov=$1 taken"
		echo genpd-6.12 > $P/domain_gov
		return
	fi
	log_since $2 | grep -q "governor \"$1\" is not registered" ||
		echo "no '$1 is not registered' line: $(log_since $2 | tail -n 1)"
}

# core0's down periods and rejections, all states
core0_decisions() {
	_n=0
	for _s in $SYS/domains/core0/state*; do
		_n=$((_n + $(cat $_s/usage) + $(cat $_s/rejected)))
	done
	echo $_n
}

# 1: at load, domain_gov= naming a governor not registered yet
at_load_refused() {
	unload >/dev/null
	_d0=$(dmesg | wc -l)
	if insmod $KO states=$T topology=$TOPO mode=osi domain_gov=threshold wait=halt 2>/dev/null; then
		why "insmod with domain_gov=threshold loaded before the template"
		unload >/dev/null
		return 1
	fi
	_new=$(log_since $_d0 | grep "$MOD: domain_gov" | tail -n 1)
	diag "refused at load: $_new"
	_err=
	echo "$_new" | grep -q 'governor "threshold" is not registered' ||
		_err="$_err no 'threshold is not registered' line: $(log_since $_d0 | tail -n 2)"
	loaded && _err="$_err $MOD loaded"
	reasons "$_err"
}

# 1: insmod OUT ARG...: refused, with a log line naming the reason
refused() {
	_want=$1 _pat=$2; shift 2
	_d0=$(dmesg | wc -l)
	if _out=$(insmod $TPL "$@" 2>&1); then
		rmmod $GOV; why "insmod $*: loaded"; return 1
	fi
	_err=
	case "$_out" in *"$_want"*) ;; *) _err="$_err insmod said '$_out', want '$_want'" ;; esac
	log_since $_d0 | grep -q -- "$_pat" || _err="$_err no '$_pat' in the log: $(log_since $_d0 | tail -n 3)"
	gov_loaded && _err="$_err $GOV loaded"
	reasons "$_err"
}

taken_refused() {
	refused "File exists" 'domain governor "genpd": the name is taken' name=genpd
}

bad_name_refused() {
	refused "Invalid argument" 'domain governor "Bad/Name": incomplete' name=Bad/Name
}

# 2
registers() {
	_d0=$(dmesg | wc -l)
	_out=$(insmod $TPL 2>&1) || { why "insmod: $_out"; return 1; }
	_err=
	log_since $_d0 | grep -q 'domain governor "threshold" registered' ||
		_err="$_err no 'registered' line: $(log_since $_d0 | tail -n 3)"
	grep "^$MOD " /proc/modules | grep -q "$GOV" ||
		_err="$_err $MOD not used by $GOV: $(grep "^$MOD " /proc/modules)"
	[ "$(refcnt $GOV)" = 0 ] || _err="$_err refcnt $(refcnt $GOV)"
	[ "$(cat $LIST)" = "$BUILTINS threshold" ] ||
		_err="$_err available_domain_governors reads '$(cat $LIST)'"
	reasons "$_err"
}

# 3
selected_decides_not_unloaded() {
	echo threshold > $P/domain_gov || { why "domain_gov=threshold refused: $(dmesg | tail -n 1)"; return 1; }
	_err=
	[ "$(cat $P/domain_gov)" = threshold ] || _err="$_err domain_gov reads '$(cat $P/domain_gov)'"
	[ "$(cat $SYS/domains/core0/governor)" = threshold ] ||
		_err="$_err core0 governor '$(cat $SYS/domains/core0/governor)'"
	[ "$(refcnt $GOV)" = 1 ] || _err="$_err refcnt $(refcnt $GOV) while selected"
	# the governor decides: idle CPUs hand core0 to it
	_n0=$(core0_decisions)
	sleep 1
	_n1=$(core0_decisions)
	diag "core0 usage+rejected in 1 s idle under threshold: $((_n1 - _n0))"
	[ $((_n1 - _n0)) -gt 0 ] || _err="$_err no decision by the governor in 1 s"
	if _out=$(rmmod $GOV 2>&1); then
		_err="$_err rmmod succeeded while selected"
	else
		diag "rmmod while selected: $_out"
	fi
	gov_loaded || _err="$_err $GOV gone"
	# selected again (a reconfiguration takes the new hold, drops the old)
	echo threshold > $P/domain_gov || _err="$_err a second selection refused"
	[ "$(refcnt $GOV)" = 1 ] || _err="$_err refcnt $(refcnt $GOV) after a re-selection"
	reasons "$_err"
}

# 4
deselected_unloads() {
	echo genpd-6.12 > $P/domain_gov || { why "domain_gov=genpd-6.12 refused"; return 1; }
	_err=
	[ "$(cat $P/domain_gov)" = genpd-6.12 ] || _err="$_err domain_gov reads '$(cat $P/domain_gov)'"
	[ "$(refcnt $GOV)" = 0 ] || _err="$_err refcnt $(refcnt $GOV) after deselection"
	_d0=$(dmesg | wc -l)
	_out=$(rmmod $GOV 2>&1) || _err="$_err rmmod: $_out"
	gov_loaded && _err="$_err still loaded"
	log_since $_d0 | grep -q 'domain governor "threshold" unregistered' ||
		_err="$_err no 'unregistered' line"
	_d0=$(dmesg | wc -l)
	echo threshold > $P/domain_gov 2>/dev/null && _err="$_err domain_gov=threshold taken after unload"
	log_since $_d0 | grep -q 'governor "threshold" is not registered' ||
		_err="$_err no 'not registered' line: $(log_since $_d0 | tail -n 1)"
	[ "$(cat $P/domain_gov)" = genpd-6.12 ] || _err="$_err domain_gov now '$(cat $P/domain_gov)'"
	[ "$(refcnt $MOD)" = 0 ] || _err="$_err $MOD refcnt $(refcnt $MOD) with a built-in selected"
	[ "$(cat $LIST)" = "$BUILTINS" ] ||
		_err="$_err available_domain_governors reads '$(cat $LIST)' after the unload"
	reasons "$_err"
}

# 1: before the template loads
lists_builtins() {
	[ -r $LIST ] || { why "no $LIST"; return 1; }
	_l=$(cat $LIST)
	diag "available_domain_governors: $_l"
	[ "$_l" = "$BUILTINS" ] || { why "reads '$_l', want '$BUILTINS'"; return 1; }
}

# one finit_module() (/modload): busybox insmod would run init twice
no_owner_refused() {
	_d0=$(dmesg | wc -l)
	if _out=$(/modload $BAD fault=no_owner 2>&1); then
		rmmod $BADMOD
		why "loaded: a governor without .owner was registered"
		return 1
	fi
	_new=$(log_since $_d0 | grep "$MOD:")
	diag "refused ($_out): $_new"
	_err=
	case "$_out" in *"Invalid argument"*) ;; *) _err="$_err modload said '$_out', want EINVAL" ;; esac
	[ "$(echo "$_new" | grep -c .)" = 1 ] || _err="$_err $(echo "$_new" | grep -c .) lines, want 1"
	echo "$_new" | grep -q 'domain governor "dgovtest-noown": no .owner: set .owner = THIS_MODULE' ||
		_err="$_err no 'no .owner' line"
	mod_loaded $BADMOD && _err="$_err $BADMOD loaded"
	listed dgovtest-noown && _err="$_err listed"
	reasons "$_err"
}

# ->attach() returning 1: EINVAL, one write, one line, nothing changed
attach_positive_einval() {
	_out=$(/modload $BAD fault=attach_positive 2>&1) || { why "modload: $_out"; return 1; }
	_err=
	listed dgovtest-pos || _err="$_err not listed: $(cat $LIST)"
	_d0=$(dmesg | wc -l)
	if _out=$( { echo dgovtest-pos > $P/domain_gov; } 2>&1); then
		_err="$_err domain_gov=dgovtest-pos taken"
		echo genpd-6.12 > $P/domain_gov
	fi
	_new=$(log_since $_d0 | grep "$MOD:")
	diag "write: '$_out'; log: $_new"
	case "$_out" in *"Invalid argument"*) ;; *) _err="$_err the write said '$_out', want EINVAL" ;; esac
	[ "$(echo "$_new" | grep -c .)" = 1 ] ||
		_err="$_err $(echo "$_new" | grep -c .) log lines, want 1 (a short write retried?)"
	echo "$_new" | grep -q 'domain_gov: dgovtest-pos: cannot attach to core0 (1); the configuration in force is unchanged' ||
		_err="$_err no 'cannot attach' line"
	[ "$(cat $P/domain_gov)" = genpd-6.12 ] || _err="$_err domain_gov reads '$(cat $P/domain_gov)'"
	[ "$(cat $SYS/domains/core0/governor)" = genpd-6.12 ] ||
		_err="$_err core0 governor '$(cat $SYS/domains/core0/governor)'"
	[ "$(refcnt $BADMOD)" = 0 ] || _err="$_err $BADMOD refcnt $(refcnt $BADMOD): a hold leaked"
	_out=$(rmmod $BADMOD 2>&1) || _err="$_err rmmod: $_out"
	listed dgovtest-pos && _err="$_err listed after rmmod"
	reasons "$_err"
}

# registered in an init that then fails. Never selectable; dropped.
fail_init_never_selectable() {
	_d0=$(dmesg | wc -l)
	/modload $BAD fault=fail_init hold_ms=30000 > /tmp/modload.out 2>&1 &
	_pid=$!
	_i=0
	until log_since $_d0 | grep -q "$BADMOD: dgovtest-a registered; init waits"; do
		_i=$((_i + 1))
		[ $_i -lt 200 ] || { why "no 'init waits' line in 10 s"; wait $_pid; return 1; }
		sleep 0.05
	done
	diag "module coming: $(grep "^$BADMOD " /proc/modules)"
	_err=
	listed dgovtest-a && _err="$_err listed while its module is coming"
	_e=$(write_refused dgovtest-a $_d0)
	[ -n "$_e" ] && _err="$_err coming: $_e"
	echo 1 > /sys/module/$BADMOD/parameters/release
	wait $_pid && _err="$_err modload succeeded"
	_out=$(cat /tmp/modload.out)
	diag "init failed: $_out"
	case "$_out" in *"File exists"*) ;; *) _err="$_err modload said '$_out', want EEXIST" ;; esac
	mod_loaded $BADMOD && _err="$_err $BADMOD still loaded"
	log_since $_d0 | grep -q "$MOD: domain governor \"dgovtest-a\": module $BADMOD is going without unregistering it; dropped" ||
		_err="$_err no 'dropped' line: $(log_since $_d0 | grep "$MOD:" | tail -n 2)"
	listed dgovtest-a && _err="$_err listed after its module went"
	_d1=$(dmesg | wc -l)
	_e=$(write_refused dgovtest-a $_d1)
	[ -n "$_e" ] && _err="$_err gone: $_e"
	# the name is free again: the template takes it, is selected, goes
	if _out=$(insmod $TPL name=dgovtest-a 2>&1); then
		echo dgovtest-a > $P/domain_gov || _err="$_err the template as dgovtest-a not selectable"
		[ "$(cat $SYS/domains/core0/governor)" = dgovtest-a ] ||
			_err="$_err core0 governor '$(cat $SYS/domains/core0/governor)'"
		echo genpd-6.12 > $P/domain_gov || _err="$_err back to genpd-6.12 refused"
		_out=$(rmmod $GOV 2>&1) || _err="$_err rmmod $GOV: $_out"
	else
		_err="$_err the name stays taken: insmod $TPL name=dgovtest-a: $_out"
	fi
	reasons "$_err"
}

# 7: ipi_known at load: the log line exactly when the kernel has the symbol
ipi_visible_iff_kernel_has_it() {
	_has=no _said=no
	grep -q " cpus_peek_for_pending_ipi$" /proc/kallsyms && _has=yes
	dmesg | grep -q "$MOD: pending IPIs visible" && _said=yes
	diag "kernel has cpus_peek_for_pending_ipi: $_has; module sees pending IPIs: $_said"
	[ $_has = $_said ] || { why "kernel $_has, module $_said"; return 1; }
}

ktap_header
ktap_plan 12
ktap_test "domain_gov=threshold at load, before the template: refused, one line" at_load_refused
load states=$T topology=$TOPO mode=osi domain_gov=genpd-6.12 wait=halt || { ktap_finished; exit; }
ktap_test "pending IPIs visible iff the kernel exports the peek" ipi_visible_iff_kernel_has_it
ktap_test "a built-in's name is refused (EEXIST)" taken_refused
ktap_test "an invalid name is refused (EINVAL)" bad_name_refused
ktap_test "available_domain_governors: the built-ins" lists_builtins
ktap_test "the template registers, and is listed" registers
ktap_test "domain_gov=threshold: it decides, rmmod refused, one reference" selected_decides_not_unloaded
ktap_test "domain_gov=genpd-6.12: it unloads and its name is refused" deselected_unloads
ktap_test "a governor without .owner: refused (EINVAL), one line" no_owner_refused
ktap_test "->attach() returning 1: EINVAL in one write" attach_positive_einval
ktap_test "registered by a failing init: never selectable, dropped" fail_init_never_selectable
ktap_test "pseudo_cpuidle unloads after it" unload
ktap_finished
