# ktap.sh: KTAP output for a guest suite (busybox sh), in the spirit of
# the kernel's tools/testing/selftests/kselftest/ktap_helpers.sh. A suite
#
#	. /ktap.sh
#	ktap_header
#	ktap_plan 3			# optional: else ktap_finished derives it
#	ktap_test "default table" check_table "POLL:0 C1:2"
#	ktap_result "tracepoints" $? "no pidle_exit lines"
#	ktap_finished			# totals, plan check, exit status
#
# writes each description once. ktap_test runs a check in the suite's own
# shell; the check says why it failed with `why MESSAGE` (to fd 3), which
# becomes the result's "# reason". No result travels through a global of
# the suite's: the counters below are this file's own.
# Without ktap_plan, the plan "1..N" is printed by ktap_finished, after
# the results: a suite that dies before it leaves no plan, and the host
# (harness/check) fails a log without one.
_ktap_n=0
_ktap_pass=0
_ktap_fail=0
_ktap_skip=0
_ktap_plan=

ktap_header() { echo "KTAP version 1"; }
ktap_plan() { _ktap_plan=$1; echo "1..$1"; }
diag() { echo "# $*"; }

# why MESSAGE: inside a check run by ktap_test, the reason it fails
# (outside one, fd 3 is /dev/null: a helper may say why wherever it runs)
exec 3> /dev/null
why() { echo "$*" >&3; }
# reasons ERR: a check's verdict on the faults it gathered in ERR: true
# when ERR is empty, else why ERR and false
reasons() { [ -z "$*" ] || { why "$*"; return 1; }; }

# ktap_result DESC STATUS [REASON]: one result, ok when STATUS is 0
ktap_result() {
	_ktap_n=$((_ktap_n + 1))
	if [ "$2" -eq 0 ]; then
		_ktap_pass=$((_ktap_pass + 1))
		echo "ok $_ktap_n $1"
	else
		_ktap_fail=$((_ktap_fail + 1))
		echo "not ok $_ktap_n $1${3:+ # $3}"
	fi
}

# ktap_skip DESC REASON: a case that cannot run here, reported as skipped
# ("ok N DESC # SKIP REASON", KTAP's directive), and counted apart.
ktap_skip() {
	_ktap_n=$((_ktap_n + 1))
	_ktap_skip=$((_ktap_skip + 1))
	echo "ok $_ktap_n $1 # SKIP $2"
}

# ktap_test DESC CHECK [ARG...]: run CHECK ARG... (a function or command)
# in this shell; its status is the result (and ktap_test's), what it
# passed to why the reason.
ktap_test() {
	_ktap_desc=$1; shift
	"$@" 3> /tmp/.ktap-why
	_ktap_st=$?
	ktap_result "$_ktap_desc" $_ktap_st "$(tr '\n' ' ' < /tmp/.ktap-why | sed 's/ $//')"
	return $_ktap_st
}

# ktap_test_unless SKIP DESC CHECK [ARG...]: skipped with the reason SKIP
# when SKIP is not empty (the case cannot run here), else ktap_test.
ktap_test_unless() {
	if [ -n "$1" ]; then ktap_skip "$2" "$1"; else shift; ktap_test "$@"; fi
}

# ktap_finished: the plan when none was declared (or a diagnostic when
# the declared one was not met), the totals, and exit: 0 when all passed.
ktap_finished() {
	if [ -z "$_ktap_plan" ]; then
		echo "1..$_ktap_n"
	elif [ "$_ktap_plan" -ne "$_ktap_n" ]; then
		diag "planned $_ktap_plan results, gave $_ktap_n"
		_ktap_fail=$((_ktap_fail + 1))
	fi
	diag "Totals: pass:$_ktap_pass fail:$_ktap_fail skip:$_ktap_skip"
	[ "$_ktap_fail" -eq 0 ]
	exit $?
}
