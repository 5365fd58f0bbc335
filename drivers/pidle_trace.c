// SPDX-License-Identifier: GPL-2.0
/* pseudo-cpuidle: instantiates the tracepoints of pidle_trace.h. */
#include "pidle_compat.h"
#define CREATE_TRACE_POINTS
#include "pidle_trace.h"
