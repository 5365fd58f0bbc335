#!/bin/busybox sh
# dgov-template: a domain governor in a module of its own, the template
# (examples/dgov-template: pidle_dgov_threshold.ko, built by run.sh for
# each kernel against the module's headers and Module.symvers). It
# registers with pseudo_cpuidle's registry; a name already taken (a
# built-in's) or not a name is refused, saying why; while the governor is
# selected its module cannot be unloaded; once released it unloads and
# its name is gone. Selected here with the test build's fault_dgov_hold=,
# which takes the registry's hold exactly as a domain level's selection
# does (pidle_dgov_get()). And the module sees other CPUs' pending IPIs
# exactly when the kernel has cpus_peek_for_pending_ipi() (the eval kernel
# built with kernels/cpus-peek-ipi.patch; no Debian kernel). Runs on 6.1
# and 6.12 (every suite does).
# smp: 2
. /lib.sh
KO=/fault/pseudo_cpuidle.ko
TPL=/pidle_dgov_threshold.ko
GOV=pidle_dgov_threshold
HOLD=/sys/module/$MOD/parameters/fault_dgov_hold

gov_loaded() { grep -q "^$GOV " /proc/modules; }
refcnt() { cat /sys/module/$1/refcnt 2>/dev/null || echo "?"; }
log_since() { dmesg | tail -n +$(($1 + 1)); }

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
	reasons "$_err"
}

# 3
held_not_unloaded() {
	echo threshold > $HOLD || { why "hold refused"; return 1; }
	_err=
	[ "$(cat $HOLD)" = threshold ] || _err="$_err holds '$(cat $HOLD)'"
	[ "$(refcnt $GOV)" = 1 ] || _err="$_err refcnt $(refcnt $GOV) while held"
	if _out=$(rmmod $GOV 2>&1); then
		_err="$_err rmmod succeeded while selected"
	else
		diag "rmmod while selected: $_out"
	fi
	gov_loaded || _err="$_err $GOV gone"
	# the registry still hands it out, and a second hold (another level)
	echo threshold > $HOLD || _err="$_err a second hold refused"
	[ "$(refcnt $GOV)" = 1 ] || _err="$_err refcnt $(refcnt $GOV) after a re-hold"
	reasons "$_err"
}

# 4
released_unloads() {
	echo "" > $HOLD || { why "release refused"; return 1; }
	_err=
	[ -z "$(cat $HOLD)" ] || _err="$_err still holds '$(cat $HOLD)'"
	[ "$(refcnt $GOV)" = 0 ] || _err="$_err refcnt $(refcnt $GOV) after release"
	_d0=$(dmesg | wc -l)
	_out=$(rmmod $GOV 2>&1) || _err="$_err rmmod: $_out"
	gov_loaded && _err="$_err still loaded"
	log_since $_d0 | grep -q 'domain governor "threshold" unregistered' ||
		_err="$_err no 'unregistered' line"
	echo threshold > $HOLD 2>/dev/null && _err="$_err the name is still handed out"
	# a built-in: held without a module reference
	echo genpd > $HOLD || _err="$_err genpd not held"
	[ "$(refcnt $MOD)" = 0 ] || _err="$_err $MOD refcnt $(refcnt $MOD) with a built-in held"
	echo "" > $HOLD
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
ktap_plan 7
load || { ktap_finished; exit; }
ktap_test "pending IPIs visible iff the kernel exports the peek" ipi_visible_iff_kernel_has_it
ktap_test "a built-in's name is refused (EEXIST)" taken_refused
ktap_test "an invalid name is refused (EINVAL)" bad_name_refused
ktap_test "the template registers" registers
ktap_test "selected: rmmod refused, module held" held_not_unloaded
ktap_test "released: it unloads and its name is gone" released_unloads
ktap_test "pseudo_cpuidle unloads after it" unload
ktap_finished
