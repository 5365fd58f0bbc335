# SPDX-License-Identifier: GPL-2.0
# pidle-topo: links the model core (build/libpidle.a) for its parser, and
# hwloc. Included by the top Makefile, whose pattern rules compile every
# object.
TOPO_SRCS := topology/pidle-topo.c topology/apply.c topology/hwloc-map.c \
	     topology/presets.c topology/pidle-dt.c topology/pidle-dt-run.c \
	     topology/pidle-dt-energy.c topology/pidle-dt-dpc.c topology/pidle-dt-shared.c \
	     tools/pidle_common.c tools/pidle_opts.c
TOOLS += $(BUILD)/pidle-topo

$(BUILD)/pidle-topo: $(call objs,o,$(TOPO_SRCS)) $(BUILD)/libpidle.a
# libfdt: Debian's libfdt-dev (--dt).
$(BUILD)/pidle-topo: LDLIBS += $(HWLOC_LIBS) -lfdt
$(BUILD)/pidle-topo:
	$(LINK)

# The sanitizer build (make tools-san; tools/tools.mk).
$(BUILD)/san/pidle-topo: $(call objs,san,$(TOPO_SRCS)) $(BUILD)/libpidle-san.a
$(BUILD)/san/pidle-topo: LDLIBS += $(HWLOC_LIBS) -lfdt
$(BUILD)/san/pidle-topo:
	$(LINK)
