/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidlecfg: what its parts share. main.c reads the command line, check.c
 * holds every view of the configuration against sysfs, cycle.c writes
 * parameters in turn, refuse.c writes malformed ones.
 */
#ifndef _PIDLECFG_H
#define _PIDLECFG_H

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pidle/config.h>
#include <pidle/model.h>
#include "pidle_common.h"

#define PARAMS	"/sys/module/pseudo_cpuidle/parameters"
#define PSYS	"/sys/kernel/pseudo_cpuidle"
#define CPUSYS	"/sys/devices/system/cpu"
#define MAX_CPUS 64

enum { P_STATES, P_TOPOLOGY, P_WAIT, P_POLICY, NR_PARAMS };
extern const char *const pname[NR_PARAMS];

extern unsigned int nr_cpus;
extern struct pidle_cpuset hotplugged;	/* -H */
extern unsigned long failures;		/* bad() calls */

/* The configuration in force, as the parameters read back. */
struct view {
	char states[PIDLE_PARAM_LEN], topology[PIDLE_PARAM_LEN];
	char wait[32], policy[32];
	struct pidle_states st;
	struct pidle_topology topo;
	enum pidle_policy pol;
};

double now_ms(void);
/* One failed check: a "# pidlecfg: FAIL ..." line, counted. */
__attribute__((format(printf, 1, 2))) void bad(const char *fmt, ...);
int write_param(const char *name, const char *val, size_t len);
bool cpu_online(unsigned int cpu);

int read_view(struct view *v);
void free_view(struct view *v);
bool same_view(const struct view *a, const struct view *b);
void check_all(void);

int cycle(unsigned long n, const char *file);
int refuse(void);

#endif
