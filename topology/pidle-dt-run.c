// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-topo --dt FILE: read the devicetree (a .dtb, or a .dts compiled
 * with dtc), import it (pidle-dt.c), add an energy model when given
 * (pidle-dt-energy.c), check the result with the module's own parsers
 * and print it in the form asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <libfdt.h>
#include "pidle-dt.h"
#include "pidle-topo.h"
#include "pidle_common.h"

extern char **environ;

#define PIDLE_DT_MAX_SIZE	(64u << 20)	/* larger is not a devicetree */

static int pidle_dt_slurp(const char *path, void **out, size_t *size,
			  char msg[PIDLE_DT_MSG_LEN])
{
	struct stat sb;
	char *buf;
	size_t n = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		goto err;
	if (fstat(fd, &sb))
		goto err_close;
	if (S_ISDIR(sb.st_mode)) {
		errno = EISDIR;
		goto err_close;
	}
	if (sb.st_size > PIDLE_DT_MAX_SIZE) {
		close(fd);
		snprintf(msg, PIDLE_DT_MSG_LEN, "%s: %lld bytes, larger than any devicetree (%u MiB)",
			 path, (long long)sb.st_size, PIDLE_DT_MAX_SIZE >> 20);
		return PIDLE_EXIT_INPUT;
	}
	buf = malloc(sb.st_size + 1);
	if (!buf)
		goto err_close;
	while (n < (size_t)sb.st_size) {
		ssize_t r = read(fd, buf + n, sb.st_size - n);

		if (r < 0) {
			free(buf);
			goto err_close;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	buf[n] = '\0';
	*out = buf;
	*size = n;
	return 0;
err_close:
	close(fd);
err:
	snprintf(msg, PIDLE_DT_MSG_LEN, "%s: %s", path, strerror(errno));
	return PIDLE_EXIT_INPUT;
}

/* A devicetree source: dtc -I dts -O dtb, its first error line on failure. */
static int pidle_dt_compile(const char *path, void **out, size_t *size,
			    char msg[PIDLE_DT_MSG_LEN])
{
	char dtb[] = "/tmp/pidle-dt-XXXXXX", errf[] = "/tmp/pidle-dterr-XXXXXX";
	char *argv[] = { "dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb,
			 (char *)path, NULL };
	posix_spawn_file_actions_t fa;
	int fd = mkstemp(dtb), efd = mkstemp(errf), status, ret;
	pid_t pid;

	if (fd < 0 || efd < 0) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "cannot make a temporary file: %s", strerror(errno));
		ret = PIDLE_EXIT_INPUT;
		goto out;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, efd, 2);
	ret = posix_spawnp(&pid, "dtc", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "%s: not a devicetree blob, and dtc, to compile it as a source, cannot run: %s (apt-get install device-tree-compiler)",
			 path, strerror(ret));
		ret = PIDLE_EXIT_INPUT;
		goto out;
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		char line[300] = "", *nl;
		FILE *f = fopen(errf, "r");

		if (f) {
			if (!fgets(line, sizeof(line), f))
				line[0] = '\0';
			fclose(f);
		}
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		snprintf(msg, PIDLE_DT_MSG_LEN, "%s: not a devicetree blob, and dtc cannot compile it as a source: %s%s",
			 path, line[0] ? line : "dtc failed",
			 strstr(line, "#include") || strstr(line, "syntax error") ?
			 " (a source with #include needs cpp first: see pidle-topo.rst)" : "");
		ret = PIDLE_EXIT_INPUT;
		goto out;
	}
	ret = pidle_dt_slurp(dtb, out, size, msg);
out:
	if (fd >= 0) {
		close(fd);
		unlink(dtb);
	}
	if (efd >= 0) {
		close(efd);
		unlink(errf);
	}
	return ret;
}

int pidle_dt_read(const char *path, void **blob, size_t *size,
		  char msg[PIDLE_DT_MSG_LEN])
{
	int ret = pidle_dt_slurp(path, blob, size, msg);

	if (ret)
		return ret;
	/* Not a blob: a source, when dtc takes it. */
	if (*size < 4 || fdt_magic(*blob) != FDT_MAGIC) {
		free(*blob);
		*blob = NULL;
		return pidle_dt_compile(path, blob, size, msg);
	}
	return 0;
}

/* The experiment file's [table NAME]: the model, as a name. */
static void pidle_dt_table_name(const struct pidle_dt_config *cfg,
				const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t n = 0;

	base = base ? base + 1 : path;
	for (const char *p = base; *p && *p != '.' && n + 1 < size; p++)
		buf[n++] = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' ? *p : '_';
	buf[n] = '\0';
	if (!n)
		snprintf(buf, size, "dt");
	(void)cfg;
}

/*
 * --dt-power dpc without --energy-model: the active powers are known, the
 * idle states' are not (no devicetree binding gives them). Writing power=
 * with them would price every idle state at 0 mW: refused, the figures
 * said, per CPU kind (CPUs of one figure).
 */
static void dt_dpc_refuse(const struct pidle_dt_config *cfg, const unsigned int *mw,
			  char msg[PIDLE_DT_MSG_LEN])
{
	unsigned int *kind = calloc(cfg->nr_cpus ? cfg->nr_cpus : 1, sizeof(*kind));
	unsigned int fig[PIDLE_MAX_CPUS > 64 ? 64 : PIDLE_MAX_CPUS], nr = 0;
	char list[160] = "", cpus[64];
	size_t n = 0;

	for (unsigned int i = 0; kind && i < cfg->nr_cpus; i++) {
		unsigned int k;

		for (k = 0; k < nr && fig[k] != mw[i]; k++)
			;
		if (k == nr && nr < 64)
			fig[nr++] = mw[i];
		kind[i] = k;
	}
	for (unsigned int k = 0; kind && k < nr && n < sizeof(list); k++) {
		pidle_dt_cpus_print(kind, k, cfg->nr_cpus, cpus, sizeof(cpus));
		n += snprintf(list + n, sizeof(list) - n, "%sCPUs %s %u mW", k ? ", " : "",
			      cpus, fig[k]);
	}
	free(kind);
	snprintf(msg, PIDLE_DT_MSG_LEN, "--dt-power dpc: the devicetree gives the active power (%s) and no idle state's power (no idle-state binding has one): an energy model needs them; give them with --energy-model FILE (not written as 0)",
		 list);
}

/* One energy set's power= list: "cpu:MW[,cluster:MW]". */
static void dt_energy_power(const struct pidle_dt_energy *en,
			    const struct pidle_dt_energy_set *es,
			    char *buf, size_t size)
{
	if (en->have_cluster)
		snprintf(buf, size, "cpu:%u,%s:%u", es->cpu_mw,
			 en->cluster_level, es->cluster_mw);
	else
		snprintf(buf, size, "cpu:%u", es->cpu_mw);
}

/*
 * The energy model's figures onto @st, the table as parsed. One energy set:
 * the states' powers and power= as one list, as ever. Several (CPU kinds
 * of different figures): states= and power= per set, written out and
 * parsed again by the module's parsers, each set's table the one its CPUs
 * had (@st's set, or its one table) with its own figures. 0, or an exit
 * status with @err.
 */
static int dt_energy_apply(const struct pidle_dt_config *cfg,
			   const struct pidle_dt_energy *en,
			   struct pidle_states *st, struct pidle_err *err)
{
	static char states[PIDLE_PARAM_LEN], power[PIDLE_PARAM_LEN];
	static struct pidle_states one;
	size_t ns = 0, np = 0;
	char cpus[PIDLE_PARAM_LEN], pw[80];

	if (en->nr_sets == 1) {
		for (unsigned int k = 0; k < st->nr_states; k++) {
			st->state[k].power_mw = en->set[0].state_mw[k];
			st->state[k].energy_uj = en->set[0].state_uj[k];
		}
		dt_energy_power(en, &en->set[0], pw, sizeof(pw));
		return pidle_power_parse(pw, st, err) ? PIDLE_EXIT_CONFIG : 0;
	}
	for (unsigned int g = 0; g < en->nr_sets; g++) {
		const struct pidle_dt_energy_set *es = &en->set[g];
		int w;

		memset(&one, 0, sizeof(one));
		one.nr_states = st->nr_states;
		memcpy(one.state, pidle_states_per_set(st) ? st->set[es->dt_set].state : st->state,
		       sizeof(one.state));
		for (unsigned int k = 0; k < one.nr_states; k++) {
			one.state[k].power_mw = es->state_mw[k];
			one.state[k].energy_uj = es->state_uj[k];
		}
		if (pidle_dt_cpus_print(en->set_of, g, cfg->nr_cpus, cpus, sizeof(cpus)) < 0)
			goto long_value;
		w = snprintf(states + ns, sizeof(states) - ns, "%s%s=", g ? ";" : "", cpus);
		if (w < 0 || (size_t)w >= sizeof(states) - ns)
			goto long_value;
		ns += w;
		w = pidle_states_print(&one, states + ns, sizeof(states) - ns);
		if (w < 0)
			goto long_value;
		ns += w;
		dt_energy_power(en, es, pw, sizeof(pw));
		w = snprintf(power + np, sizeof(power) - np, "%s%s=%s", g ? ";" : "", cpus, pw);
		if (w < 0 || (size_t)w >= sizeof(power) - np)
			goto long_value;
		np += w;
	}
	if (pidle_states_parse(states, st, err) || pidle_power_parse(power, st, err))
		return PIDLE_EXIT_CONFIG;
	return 0;

long_value:
	pidle_topo_errf(err, "states= per CPU kind is longer than a sysfs write takes");
	return PIDLE_EXIT_CONFIG;
}

int pidle_dt_run(const struct pidle_dt_args *a)
{
	static char states[PIDLE_PARAM_LEN], summed[PIDLE_PARAM_LEN];
	static char topo_out[PIDLE_PARAM_LEN], states_out[PIDLE_PARAM_LEN];
	static char power_out[PIDLE_PARAM_LEN + 8];
	struct pidle_dt_config cfg;
	struct pidle_topology topo = { 0 };
	struct pidle_err err = { "" };
	struct pidle_states st;
	struct pidle_dt_energy en = { 0 };
	enum pidle_dt_mode mode = PIDLE_DT_MODE_AUTO;
	struct pidle_dt_shared shared, *sh = NULL;
	char msg[PIDLE_DT_MSG_LEN], name[64];
	bool have_energy = false, dpc = false;
	unsigned int *active_mw = NULL;
	char *topo_str = NULL;
	void *blob = NULL;
	size_t size;
	int ret;

	if (a->mode) {
		if (!strcmp(a->mode, "pc"))
			mode = PIDLE_DT_MODE_PC;
		else if (!strcmp(a->mode, "osi"))
			mode = PIDLE_DT_MODE_OSI;
		else
			return pidle_bad_arg("--dt-mode", a->mode, "want pc or osi");
	}
	if (a->power) {
		if (!strcmp(a->power, "dpc"))
			dpc = true;
		else if (strcmp(a->power, "em"))
			return pidle_bad_arg("--dt-power", a->power, "want em or dpc");
		else if (!a->energy_model)
			return pidle_usage_error("--dt-power em takes every figure from --energy-model FILE: give one");
	}
	if (a->shared) {
		char why[96];

		snprintf(why, sizeof(why), "want slowest, set:N (N a CPU set, 0 to %d) or refuse",
			 PIDLE_MAX_CPU_SETS - 1);
		if (pidle_dt_shared_parse(a->shared, &shared))
			return pidle_bad_arg("--dt-shared-domain", a->shared, why);
		sh = &shared;
	}
	ret = pidle_dt_read(a->path, &blob, &size, msg);
	if (ret)
		return pidle_errorf(ret, "%s", msg);
	ret = pidle_dt_import(blob, size, mode, a->cpus, sh, &cfg, msg);
	if (ret) {
		free(blob);
		if (ret == PIDLE_EXIT_USAGE)
			return pidle_usage_error("%s", msg);
		return pidle_errorf(ret, "%s: %s", a->path, msg);
	}
	/* --dt-power dpc: the active powers, while the blob is here. */
	if (dpc) {
		active_mw = calloc(cfg.nr_cpus ? cfg.nr_cpus : 1, sizeof(*active_mw));
		ret = active_mw ? pidle_dt_dpc_read(blob, &cfg, active_mw, msg) : PIDLE_EXIT_INPUT;
		if (!active_mw)
			snprintf(msg, sizeof(msg), "out of memory");
		if (!ret && !a->energy_model) {
			dt_dpc_refuse(&cfg, active_mw, msg);
			ret = PIDLE_EXIT_CONFIG;
		}
	}
	free(blob);
	if (ret) {
		for (unsigned int i = 0; i < cfg.nr_notes; i++)
			fprintf(stderr, "%s: note: %s\n", PIDLE_TOPO_PROG, cfg.note[i]);
		ret = pidle_errorf(ret, "%s: %s", a->path, msg);
		goto out;
	}

	if (a->energy_model) {
		char *text;
		size_t len;

		ret = pidle_dt_slurp(a->energy_model, (void **)&text, &len, msg);
		if (ret) {
			ret = pidle_errorf(ret, "--energy-model %s", msg);
			goto out;
		}
		ret = pidle_dt_energy_parse(text, len, a->energy_model, &cfg, active_mw, &en, msg);
		free(text);
		if (ret) {
			ret = pidle_errorf(ret, "%s", msg);
			goto out;
		}
		have_energy = true;
	}
	for (unsigned int i = 0; i < cfg.nr_notes; i++)
		fprintf(stderr, "%s: note: %s\n", PIDLE_TOPO_PROG, cfg.note[i]);

	/*
	 * The module's parsers on what is printed: the table as printed
	 * (ENTRY+EXIT fields in OSI mode), mode= and domain_gov= against it.
	 */
	topo_str = pidle_dt_topology_print(&cfg);
	if (!topo_str) {
		ret = pidle_errorf(PIDLE_EXIT_INPUT, "out of memory");
		goto out;
	}
	if (pidle_dt_states_print(&cfg, false, states, sizeof(states)) < 0 ||
	    pidle_dt_states_print(&cfg, true, summed, sizeof(summed)) < 0) {
		ret = pidle_errorf(PIDLE_EXIT_CONFIG, "states= is longer than a sysfs write takes");
		goto out;
	}
	if (pidle_topology_parse(topo_str, cfg.nr_cpus, &topo, &err) ||
	    pidle_states_parse(cfg.mode == PIDLE_DT_MODE_OSI ? states : summed, &st, &err) ||
	    pidle_mode_check(cfg.mode == PIDLE_DT_MODE_OSI ? PIDLE_MODE_OSI : PIDLE_MODE_PC,
			     &st, &err)) {
		ret = pidle_errorf(PIDLE_EXIT_CONFIG, "%s: %s", a->path, err.msg);
		goto out;
	}
	if (cfg.mode == PIDLE_DT_MODE_OSI) {
		struct pidle_dgov_cfg dg;

		if (pidle_dgov_parse(PIDLE_DT_DOMAIN_GOV, &dg, &err) ||
		    pidle_dgov_check(&dg, &topo, NULL, &err)) {
			ret = pidle_errorf(PIDLE_EXIT_CONFIG, "%s: %s", a->path, err.msg);
			goto out;
		}
	}
	if (have_energy) {
		ret = dt_energy_apply(&cfg, &en, &st, &err);
		if (ret) {
			ret = pidle_errorf(ret, "%s: %s", a->energy_model, err.msg);
			goto out;
		}
	}
	if (pidle_config_check(&st, &topo, &err)) {
		ret = pidle_errorf(PIDLE_EXIT_CONFIG, "%s: %s", a->path, err.msg);
		goto out;
	}
	if (pidle_topology_show(&topo, topo_out, sizeof(topo_out)) < 0) {
		ret = pidle_errorf(PIDLE_EXIT_CONFIG,
				   "topology= is longer than a sysfs write takes (%u characters), even in the compact form",
				   PIDLE_PARAM_LEN - 1);
		goto out;
	}
	/*
	 * PC: the parser's canonical form. OSI: our ENTRY+EXIT form, with
	 * the powers appended the way the parser prints them.
	 */
	/* What is printed: the parser's canonical form of what it took. */
	pidle_states_print(&st, states_out, sizeof(states_out));
	power_out[0] = '\0';
	if (pidle_power_given(&st)) {
		strcpy(power_out, " power=");
		pidle_power_print(&st, power_out + 7, sizeof(power_out) - 7);
	}

	/* -o FILE: only now that there is something to write to it. */
	if (a->action != PIDLE_DT_APPLY && a->output && !freopen(a->output, "w", stdout)) {
		ret = pidle_errorf(PIDLE_EXIT_USAGE, "%s: %s.", a->output, strerror(errno));
		goto out;
	}
	switch (a->action) {
	case PIDLE_DT_PRINT_TOPOLOGY:
		printf("%s\n", topo_out);
		break;
	case PIDLE_DT_PRINT_STATES:
		printf("%s\n", states_out);
		break;
	case PIDLE_DT_PRINT_PARAMS:
	case PIDLE_DT_PRINT_MODPROBE:
		printf("%s%sstates=%s topology=%s%s%s\n",
		       a->action == PIDLE_DT_PRINT_MODPROBE ? "options pseudo_cpuidle " : "",
		       cfg.mode == PIDLE_DT_MODE_OSI ? "mode=osi " : "",
		       states_out, topo_out, power_out,
		       cfg.mode == PIDLE_DT_MODE_OSI ? " domain_gov=" PIDLE_DT_DOMAIN_GOV : "");
		break;
	case PIDLE_DT_PRINT_EXPERIMENT:
		pidle_dt_table_name(&cfg, a->path, name, sizeof(name));
		printf("# %s: pidle-topo --dt %s%s%s%s%s%s%s%s%s%s\n", cfg.model[0] ? cfg.model : name,
		       a->path, a->cpus ? " --dt-cpus " : "", a->cpus ? a->cpus : "",
		       a->mode ? (cfg.mode == PIDLE_DT_MODE_PC ? " --dt-mode pc" : " --dt-mode osi") : "",
		       a->shared ? " --dt-shared-domain " : "", a->shared ? a->shared : "",
		       a->energy_model ? " --energy-model " : "",
		       a->energy_model ? a->energy_model : "",
		       a->power ? " --dt-power " : "", a->power ? a->power : "");
		/* the choice the devicetree did not make, with the file */
		if (cfg.shared[0])
			printf("# shared domain states (--dt-shared-domain %s): %s\n",
			       a->shared ? a->shared : "slowest", cfg.shared);
		printf("[table %s]\n", name);
		if (cfg.mode == PIDLE_DT_MODE_OSI) {
			printf("mode       = osi\n");
			printf("domain_gov = %s\n", PIDLE_DT_DOMAIN_GOV);
		}
		printf("states     = %s\n", states_out);
		printf("topology   = %s\n", topo_out);
		if (pidle_power_given(&st))
			printf("power      = %s\n", power_out + 7);
		break;
	case PIDLE_DT_APPLY:
		if (cfg.mode == PIDLE_DT_MODE_OSI) {
			ret = pidle_usage_error("--apply writes states and topology only: an OSI import (mode=osi) is loaded with --params; or --dt-mode pc");
			break;
		}
		if (pidle_topo_apply(a->sysfs_root, &st, states_out, &topo, topo_out,
				     a->verbose, &err))
			ret = pidle_errorf(PIDLE_EXIT_APPLY, "%s", err.msg);
		break;
	}
out:
	free(topo_str);
	free(active_mw);
	pidle_dt_energy_free(&en);
	pidle_topology_free(&topo);
	pidle_dt_config_free(&cfg);
	return ret;
}
