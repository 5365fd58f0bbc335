# SPDX-License-Identifier: GPL-2.0
# QEMU guest suite. `make check-vm`; VM_KVERS="6.1.0-57-amd64" selects kernels.
VM_KVERS ?=
VM_SUITES ?=

# The tools the guests run, put in build/vm/extra/ (the image's /bin) under
# their plain names: pidle-stat and pidle-bench as their static builds,
# pidle-topo as built (dynamic; build-initramfs.sh brings its libraries),
# and Debian's powercap-info (powercap-utils) for the energy suite.
VM_EXTRA := $(BUILD)/vm/extra/pidle-topo $(BUILD)/vm/extra/pidle-stat \
	    $(BUILD)/vm/extra/pidle-bench $(BUILD)/vm/extra/powercap-info

$(BUILD)/vm/extra/pidle-topo: $(BUILD)/pidle-topo
	mkdir -p $(@D)
	cp $< $@

$(BUILD)/vm/extra/powercap-info: /usr/bin/powercap-info
	mkdir -p $(@D)
	cp $< $@

$(BUILD)/vm/extra/%: $(BUILD)/%.static
	mkdir -p $(@D)
	cp $< $@

.PHONY: vm-extra
vm-extra: $(VM_EXTRA)

check-vm: vm-extra
	VM_KVERS="$(VM_KVERS)" VM_SUITES="$(VM_SUITES)" tests/vm/run.sh
