#!/bin/busybox sh
# refuse: the module will not load next to another cpuidle driver; it says
# which one and which boot option frees the slot, in one line, and leaves
# nothing behind. The other driver is tests/vm/kmod/pidle_slot_holder.ko.
# kernels: debug
# smp: 2
. /lib.sh
HOLDER=/pidle_slot_holder.ko

# refused_once ERRNO_TEXT PATTERN...: /modload once; checks the errno, that
# exactly one new pseudo_cpuidle line is logged and matches every PATTERN,
# and that nothing is left registered. Sets REASON on failure.
refused_once() {
	want=$1; shift
	d0=$(dmesg | wc -l)
	if out=$(/modload $KO 2>&1); then
		REASON="loaded"; unload >/dev/null; return 1
	fi
	new=$(mod_log_since $d0)
	n=$(echo "$new" | grep -c .)
	diag "refused ($out), $n line(s): $new"
	REASON=
	case "$out" in *"$want"*) ;; *) REASON="$REASON '$out', want '$want'" ;; esac
	[ "$n" -eq 1 ] || REASON="$REASON $n dmesg lines, want 1"
	for pat in "$@"; do
		echo "$new" | grep -q -- "$pat" || REASON="$REASON no '$pat' in the line"
	done
	[ -e $SYS ] && REASON="$REASON $SYS exists"
	loaded && REASON="$REASON module still loaded"
	[ -z "$REASON" ]
}

echo "KTAP version 1"
echo "1..2"
diag "driver before: $(driver)"

# 1
if ! insmod $HOLDER 2>&1; then
	nok "refused while another driver holds the slot" "insmod $HOLDER failed"
elif [ "$(driver)" != pidle_slot_holder ]; then
	nok "refused while another driver holds the slot" "current_driver is $(driver)"
	rmmod pidle_slot_holder
elif refused_once "Device or resource busy" "pidle_slot_holder" "idle=halt"; then
	[ "$(driver)" = pidle_slot_holder ] && ok "refused while another driver holds the slot" ||
		nok "refused while another driver holds the slot" "holder lost the slot: $(driver)"
	rmmod pidle_slot_holder
else
	nok "refused while another driver holds the slot" "$REASON"
	rmmod pidle_slot_holder
fi

# 2
if [ "$(driver)" != none ]; then
	nok "loads once the slot is free" "current_driver is $(driver) after rmmod of the holder"
elif load && [ "$(driver)" = "$MOD" ]; then
	ok "loads once the slot is free"
else
	nok "loads once the slot is free" "insmod: $OUT, driver $(driver)"
fi
unload >/dev/null
