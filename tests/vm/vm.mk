# SPDX-License-Identifier: GPL-2.0
# The QEMU guest suite (tests/vm/README). KVERS selects kernel series.
KVERS ?= 6.1 6.12
VM_SUITES ?= smp8 smp2

check-vm:
	@pass=0; fail=0; \
	kvers=$$(tests/vm/kernels.sh $(KVERS)) || fail=1; \
	for k in $$kvers; do \
		if ! tests/vm/build-initramfs.sh $$k >/dev/null; then \
			echo "$$k: module or initramfs build failed"; fail=$$((fail + 1)); continue; \
		fi; \
		for s in $(VM_SUITES); do \
			out=$$(tests/vm/run-vm.sh -k $$k -s $$s); echo "$$out" | sed '$$d'; \
			last=$$(echo "$$out" | tail -n 1); \
			p=$$(echo "$$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$$/\1/p'); \
			f=$$(echo "$$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$$/\2/p'); \
			[ -n "$$p" ] || { p=0; f=1; }; \
			pass=$$((pass + p)); fail=$$((fail + f)); \
		done; \
	done; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

vm-shell:
	PIDLE_NO_MODULE=1 tests/vm/build-initramfs.sh $$(tests/vm/kernels.sh $(firstword $(KVERS))) >/dev/null
	qemu-system-x86_64 -accel tcg -bios /usr/share/qemu/qboot.rom -cpu Skylake-Server \
		-smp 8,sockets=2,cores=2,threads=2 -m 1G -nographic -no-reboot \
		-kernel /boot/vmlinuz-$$(tests/vm/kernels.sh $(firstword $(KVERS))) \
		-initrd build/vm/initramfs-$$(tests/vm/kernels.sh $(firstword $(KVERS))).cpio \
		-append "console=ttyS0 panic=-1 idle=halt pidle.shell=1"

.PHONY: check-vm vm-shell
