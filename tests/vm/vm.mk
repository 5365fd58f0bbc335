# SPDX-License-Identifier: GPL-2.0
# QEMU guest suite. `make check-vm`; VM_KVERS="6.1.0-57-amd64" selects kernels.
VM_KVERS ?=
VM_SUITES ?=

check-vm:
	VM_KVERS="$(VM_KVERS)" VM_SUITES="$(VM_SUITES)" tests/vm/run.sh
