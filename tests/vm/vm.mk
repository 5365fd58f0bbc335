# SPDX-License-Identifier: GPL-2.0
# The guest test suites: make check-vm. VM_KERNELS names the kernels
# (harness/kernel NAME), VM_SUITES some suites of tests/vm/suites/.
VM_KERNELS ?= 6.1 6.12
VM_SUITES ?=

.PHONY: check-vm
check-vm: guest-tools $(call GUEST_PROGS,tests/vm/guest)
	@VM_KERNELS="$(VM_KERNELS)" VM_SUITES="$(VM_SUITES)" tests/vm/run.sh
