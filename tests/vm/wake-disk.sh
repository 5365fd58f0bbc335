# wake-disk.sh: the wake suite's disk workload: the virtio disk (its
# modules on the Debian kernels), its interrupt routed to CPU 2, direct
# reads from CPU 1. Sourced by suites/wake.sh, as /wake-disk.sh.

disk_setup() {
	for _m in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk; do
		[ -f /kmod-virtio/$_m.ko ] && insmod /kmod-virtio/$_m.ko 2>/dev/null
	done
	_i=0
	while [ ! -b /dev/vda ] && [ $_i -lt 20 ]; do
		[ -e /sys/block/vda/dev ] && mknod /dev/vda b $(tr ':' ' ' < /sys/block/vda/dev)
		sleep 0.1; _i=$((_i + 1))
	done
	[ -b /dev/vda ] || { DISK="no /dev/vda (modules: $(ls /kmod-virtio 2>/dev/null | tr '\n' ' '))"; return; }
	IRQ=$(awk '/virtio/ { sub(":", "", $1); print $1; exit }' /proc/interrupts)
	[ -n "$IRQ" ] || { DISK="no virtio line in /proc/interrupts"; return; }
	echo 2 > /proc/irq/$IRQ/smp_affinity_list 2>/dev/null ||
		{ DISK="cannot route IRQ $IRQ to CPU 2"; return; }
	diag "disk: /dev/vda, IRQ $IRQ ($(grep "^ *$IRQ:" /proc/interrupts | tr -s ' ')), affinity $(cat /proc/irq/$IRQ/smp_affinity_list)"
}

# irq_on IRQ CPU: its count on CPU in /proc/interrupts
irq_on() {
	awk -v i="$1:" -v c=$2 '$1 == i { print $(c + 2) }' /proc/interrupts
}

disk_device_on_cpu2() {
	_q0=$(irq_on $IRQ 2)
	workload dio /pidle-wakeload dio -f /dev/vda -c 1 -n 200 -g 500 || return 1
	_q1=$(irq_on $IRQ 2)
	show dio 1; show dio 2
	_d=$(wdiff /tmp/dio.0 /tmp/dio.1 2 device)
	_i=$(wdiff /tmp/dio.0 /tmp/dio.1 1 ipi)
	diag "dio: 200 reads; IRQ $IRQ on CPU 2: $((_q1 - _q0)); CPU 2 woken by a device $_d times; CPU 1 by an IPI $_i times"
	# one interrupt may complete two reads (6.1: 199 for 200)
	[ $((_q1 - _q0)) -ge 190 ] || { why "IRQ $IRQ came $((_q1 - _q0)) times on CPU 2 for 200 reads"; return 1; }
	# some completions find CPU 2 awake (its exit latency, the handler)
	[ $_d -ge 150 ] || { why "CPU 2 woken by a device $_d times for 200 completions"; return 1; }
	[ $_i -ge 150 ] || { why "CPU 1 woken by an IPI $_i times for 200 reads completed on CPU 2"; return 1; }
}
