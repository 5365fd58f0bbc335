// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the configuration's module parameters, states=,
 * topology=, wait=, domain_policy=, prewake=, power=, mode= and
 * domain_gov=.
 *
 * Until init has run they hold the strings insmod gave. After it, a read
 * prints the configuration in force in the model core's canonical form
 * (what pidle-topo --apply reads back), and a write builds a whole new
 * configuration, the other parameters as they are, and hands it to
 * pidle_reconfig_apply(); a value that does not parse, or does not fit the
 * rest, is refused with one log line and changes nothing.
 *
 * kernel/params.c runs every set and get under kernel_param_lock() of this
 * module; init and exit take the same lock to change pidle_life.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/mm.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/utsname.h>
#include "pidle_drv.h"
/* pidle_err(): this file checks parameters as the model's parsers do. */
#include "model/pidle_parse.h"

enum pidle_param_id {
	PIDLE_P_STATES,
	PIDLE_P_TOPOLOGY,
	PIDLE_P_WAIT,
	PIDLE_P_POLICY,
	PIDLE_P_PREWAKE,
	PIDLE_P_POWER,
	PIDLE_P_MODE,
	PIDLE_P_DGOV,
	PIDLE_NR_PARAMS,
};

struct pidle_param {
	const char *name;
	/* The value when insmod gives none; NULL for states: the default table. */
	const char *dflt;
	/* What insmod gave, until pidle_param_load() builds from it. */
	char *load_val;
};

static struct pidle_param pidle_params[PIDLE_NR_PARAMS] = {
	[PIDLE_P_STATES]	= { .name = "states" },
	[PIDLE_P_TOPOLOGY]	= { .name = "topology", .dflt = "auto" },
	[PIDLE_P_WAIT]		= { .name = "wait", .dflt = "poll" },
	[PIDLE_P_POLICY]	= { .name = "domain_policy", .dflt = "auto" },
	[PIDLE_P_PREWAKE]	= { .name = "prewake", .dflt = "off" },
	[PIDLE_P_POWER]		= { .name = "power", .dflt = "none" },
	[PIDLE_P_MODE]		= { .name = "mode", .dflt = "pc" },
	[PIDLE_P_DGOV]		= { .name = "domain_gov", .dflt = PIDLE_DGOV_DEFAULT },
};

/*
 * LOADING: before init; a set records the string (insmod's arguments, or
 * a write to the file before init ran, which amounts to the same).
 * LIVE: pidle_cfg is in force; a set reconfigures.
 * GONE: init failed or exit has begun; sets and gets fail.
 */
static enum {
	PIDLE_LOADING,
	PIDLE_LIVE,
	PIDLE_GONE,
} pidle_life;

/* Called by init and exit, under kernel_param_lock(THIS_MODULE). */
void pidle_param_live(bool live)
{
	pidle_life = live ? PIDLE_LIVE : PIDLE_GONE;
}

/* "auto", give or take the spaces and newline of an "echo auto > file". */
static bool pidle_val_is(const char *val, const char *word)
{
	size_t n = strlen(word);

	val = skip_spaces(val);
	return !strncmp(val, word, n) && !*skip_spaces(val + n);
}

/*
 * Stand-ins for the domain governors' registry (drivers/pidle_dgov.c),
 * for a build without it: there is no governor to hand out, so mode=osi
 * is refused. The registry's own definitions replace these at link time.
 */
const struct pidle_dgov_ops * __weak pidle_dgov_get(const char *name)
{
	return NULL;
}

void __weak pidle_dgov_put(const struct pidle_dgov_ops *ops)
{
}

/*
 * A name domain_gov= may give: one the registry hands out (the built-ins
 * and the governors other modules registered), or a built-in name in a
 * build without the registry.
 */
static bool pidle_param_dgov_known(const char *name)
{
	const struct pidle_dgov_ops *ops = pidle_dgov_get(name);

	if (ops) {
		pidle_dgov_put(ops);
		return true;
	}
	return pidle_dgov_builtin_known(name);
}

static void pidle_cfg_put_dgov(struct pidle_cfg *cfg)
{
	unsigned int l;

	for (l = 0; l < ARRAY_SIZE(cfg->dgov_ops); l++) {
		if (cfg->dgov_ops[l])
			pidle_dgov_put(cfg->dgov_ops[l]);
		cfg->dgov_ops[l] = NULL;
	}
}

void pidle_cfg_free(struct pidle_cfg *cfg)
{
	pidle_model_destroy(cfg->model);
	cfg->model = NULL;
	pidle_cfg_put_dgov(cfg);
	pidle_topology_free(&cfg->topo);
}

/*
 * OSI mode: hold each domain level's governor. The names were checked
 * against the registry just before; a governor's module unloaded in
 * between is refused here the same way.
 */
static int pidle_cfg_get_dgov(struct pidle_cfg *cfg, struct pidle_err *err)
{
	unsigned int l;
	const char *name;

	if (cfg->mode != PIDLE_MODE_OSI)
		return 0;
	for (l = 1; l <= cfg->topo.nr_levels; l++) {
		name = pidle_dgov_name_of(&cfg->dgov, &cfg->topo, l);
		cfg->dgov_ops[l] = pidle_dgov_get(name);
		if (!cfg->dgov_ops[l]) {
			pidle_cfg_put_dgov(cfg);
			if (pidle_dgov_builtin_known(name))	/* the stand-ins */
				return pidle_err(err, "mode", "osi: level \"%s\": governor \"%s\" is known but this build has no domain-governor registry (drivers/pidle_dgov.c)",
						     cfg->topo.level[l - 1].name, name);
			return pidle_err(err, "domain_gov", "level \"%s\": governor \"%s\" is not registered",
					     cfg->topo.level[l - 1].name, name);
		}
	}
	return 0;
}

/* The model for @cfg: its table, topology, policy, mode and governors. */
static int pidle_cfg_model_create(struct pidle_cfg *cfg, struct pidle_err *err)
{
	struct pidle_model_opts o = {
		.policy	= cfg->policy,
		.mode	= cfg->mode,
		/* Unknown (false) where the kernel cannot tell: pidle_dgov.c. */
		.ipi_peek = pidle_dgov_ipi_peek,
	};
	int ret;

	memcpy(o.dgov, cfg->dgov_ops, sizeof(o.dgov));
	ret = pidle_model_create_opts(&cfg->states, &cfg->topo, &o,
				      &cfg->model, err);
	/*
	 * A governor's ->attach() that returned a positive value, which the
	 * model passes on (its message names the governor, the domain and
	 * the value): not an errno, and returned by a parameter's store it
	 * would read as a short write, which echo retries with the rest.
	 */
	return ret > 0 ? -EINVAL : ret;
}

/* domain_gov= names not checked against the registry: see below. */
static bool pidle_dgov_any(const char *name)
{
	return true;
}

/*
 * A states= table per CPU set (pidle_config_sets.c) is one cpuidle driver
 * per set, registered for the set's CPUs (pidle_main.c): it needs the
 * kernel's CONFIG_CPU_IDLE_MULTIPLE_DRIVERS, which no x86 distribution
 * kernel has (a bool without a prompt, selected by ARM drivers only; the
 * eval kernel gives it one, kernels/eval.patch). The drivers' CPU masks
 * are fixed while they are registered, so the sets cannot change at run
 * time; the tables' values can.
 */
static int pidle_cfg_check_sets(const struct pidle_cfg *cfg,
				const struct pidle_cfg *base,
				struct pidle_err *err)
{
	bool sets = pidle_states_per_set(&cfg->states);

	if (sets && !IS_ENABLED(CONFIG_CPU_IDLE_MULTIPLE_DRIVERS))
		return pidle_err(err, "states", "a table per CPU set needs one cpuidle driver per set, and this kernel (%s) lacks CONFIG_CPU_IDLE_MULTIPLE_DRIVERS (x86 kernels cannot select it): use the eval kernel (make kernel-eval), or one table",
				     utsname()->release);
	if (base && !pidle_states_same_sets(&cfg->states, &base->states))
		return pidle_err(err, "states", "the CPU sets cannot change while loaded (%s in force; each set's cpuidle driver is registered for its CPUs): unload, and load with the new table",
				     pidle_states_per_set(&base->states) ?
				     "a table per CPU set" : "one table");
	return 0;
}

/*
 * Build @out: @val[p] for each parameter p given, @base's value for the
 * others. @base is NULL at init only, where every value but states is
 * given (states NULL: the default table). Touches nothing in force.
 */
static int pidle_cfg_build(struct pidle_cfg *out, const struct pidle_cfg *base,
			   const char *const val[PIDLE_NR_PARAMS],
			   struct pidle_err *err)
{
	const char *topo = val[PIDLE_P_TOPOLOGY], *states = val[PIDLE_P_STATES];
	const char *power = val[PIDLE_P_POWER];
	char *auto_topo = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	out->wait = base ? base->wait : PIDLE_WAIT_POLL;
	out->policy = base ? base->policy : PIDLE_POLICY_AUTO;
	out->prewake = base ? base->prewake : false;
	out->mode = base ? base->mode : PIDLE_MODE_PC;
	if (base)
		out->dgov = base->dgov;
	if (val[PIDLE_P_MODE]) {
		ret = pidle_mode_parse(val[PIDLE_P_MODE], &out->mode, err);
		if (ret)
			return ret;
	}
	if (val[PIDLE_P_DGOV]) {
		ret = pidle_dgov_parse(val[PIDLE_P_DGOV], &out->dgov, err);
		if (ret)
			return ret;
	}
	if (val[PIDLE_P_WAIT]) {
		ret = pidle_wait_parse(val[PIDLE_P_WAIT], &out->wait, err);
		if (ret)
			return ret;
	}
	if (val[PIDLE_P_POLICY]) {
		ret = pidle_policy_parse(val[PIDLE_P_POLICY], &out->policy, err);
		if (ret)
			return ret;
	}
	if (val[PIDLE_P_PREWAKE]) {
		ret = pidle_prewake_parse(val[PIDLE_P_PREWAKE], &out->prewake, err);
		if (ret)
			return ret;
	}

	if (topo) {
		/* auto goes through the same parser as a description. */
		if (pidle_val_is(topo, "auto")) {
			auto_topo = pidle_topology_auto();
			if (IS_ERR(auto_topo))
				return PTR_ERR(auto_topo);
			topo = auto_topo;
		}
		ret = pidle_topology_parse(topo, nr_cpu_ids, &out->topo, err);
		kvfree(auto_topo);
	} else {
		ret = pidle_topology_copy(&out->topo, &base->topo);
	}
	if (ret)
		return ret;

	/* Never given: the default table, fitted to each new topology. */
	out->states_default = !states && (!base || base->states_default);
	if (states)
		ret = pidle_states_parse(states, &out->states, err);
	else if (out->states_default)
		ret = pidle_states_parse(pidle_default_states, &out->states, err);
	else
		out->states = base->states;
	if (ret)
		goto free_topo;
	if (out->states_default)
		pidle_states_drop_missing_levels(&out->states, &out->topo);
	/* power= is the rest of the table's energy model: kept unless given. */
	if (power) {
		ret = pidle_power_parse(power, &out->states, err);
		if (ret)
			goto free_topo;
	} else {
		pidle_power_copy(&out->states, &base->states);
	}

	/*
	 * domain_gov= against the topology always (its levels), against the
	 * registry when it is in use (OSI) or being given: in PC mode a
	 * governor named earlier may have gone since, and that must not
	 * block an unrelated write.
	 */
	ret = pidle_config_check(&out->states, &out->topo, err);
	if (!ret)
		ret = pidle_mode_check(out->mode, &out->states, err);
	if (!ret)
		ret = pidle_cfg_check_sets(out, base, err);
	if (!ret)
		ret = pidle_dgov_check(&out->dgov, &out->topo,
				       out->mode == PIDLE_MODE_OSI || val[PIDLE_P_DGOV] ?
				       pidle_param_dgov_known : pidle_dgov_any, err);
	if (!ret)
		ret = pidle_cfg_get_dgov(out, err);
	if (ret)
		goto free_topo;
	/* Checks that the states fit the topology, again. */
	ret = pidle_cfg_model_create(out, err);
	if (ret) {
		pidle_cfg_put_dgov(out);
		goto free_topo;
	}
	return 0;

free_topo:
	pidle_topology_free(&out->topo);
	return ret;
}

/* Init: pidle_cfg from insmod's strings, which are then dropped. */
int pidle_param_load(struct pidle_err *err)
{
	const char *val[PIDLE_NR_PARAMS];
	unsigned int i;
	int ret;

	for (i = 0; i < PIDLE_NR_PARAMS; i++)
		val[i] = pidle_params[i].load_val ?: pidle_params[i].dflt;
	ret = pidle_cfg_build(&pidle_cfg, NULL, val, err);
	/* The energy counts from here (pidle_energy.c, "Resets"). */
	if (!ret)
		pidle_stats_reset(pidle_cfg.model, ktime_get_ns());
	for (i = 0; i < PIDLE_NR_PARAMS; i++) {
		kfree(pidle_params[i].load_val);
		pidle_params[i].load_val = NULL;
	}
	return ret;
}

static void pidle_param_refused(const struct pidle_param *p, int ret,
				const struct pidle_err *err)
{
	if (ret != -EINVAL)
		pr_err("%s: not applied (error %d); the configuration in force is unchanged\n",
		       p->name, ret);
	else if (err->param && !strcmp(err->param, p->name))
		pr_err("%s; the configuration in force is unchanged\n", err->msg);
	else	/* e.g. a topology without a level the states in force use */
		pr_err("%s: does not fit the configuration in force, which is unchanged: %s\n",
		       p->name, err->msg);
}

static int pidle_param_set(const char *val, const struct kernel_param *kp)
{
	struct pidle_param *p = kp->arg;
	const char *vals[PIDLE_NR_PARAMS] = { };
	struct pidle_err err = { };
	struct pidle_cfg *next;
	char *copy;
	int ret;

	switch (pidle_life) {
	case PIDLE_LOADING:
		copy = kstrdup(val, GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
		kfree(p->load_val);
		p->load_val = copy;
		return 0;
	case PIDLE_GONE:
		pr_err("%s: not applied: the module is being unloaded\n", p->name);
		return -ENODEV;
	case PIDLE_LIVE:
		break;
	}

	next = kzalloc(sizeof(*next), GFP_KERNEL);
	if (!next)
		return -ENOMEM;
	vals[p - pidle_params] = val;
	ret = pidle_cfg_build(next, &pidle_cfg, vals, &err);
	if (ret) {
		pidle_param_refused(p, ret, &err);
		kfree(next);
		return ret;
	}
	/* Logs its own failure; leaves in *next the one not in force. */
	ret = pidle_reconfig_apply(next);
	pidle_cfg_free(next);
	kfree(next);
	if (ret)
		return ret;
	pr_info("%s written: %u states, %u domain levels, wait=%s, domain_policy=%s, prewake=%s, mode=%s\n",
		p->name, pidle_cfg.states.nr_states, pidle_cfg.topo.nr_levels,
		pidle_wait_name(pidle_cfg.wait),
		pidle_policy_name(pidle_cfg.policy),
		pidle_prewake_name(pidle_cfg.prewake),
		pidle_mode_name(pidle_cfg.mode));
	return 0;
}

static int pidle_param_get(char *buf, const struct kernel_param *kp)
{
	const struct pidle_param *p = kp->arg;
	/* Room for the newline; the print functions NUL-terminate. */
	const size_t size = PAGE_SIZE - 1;
	int len;

	if (pidle_life == PIDLE_GONE)
		return -ENODEV;
	if (pidle_life == PIDLE_LOADING)
		return scnprintf(buf, PAGE_SIZE, "%s\n", p->load_val ?:
				 p->dflt ?: pidle_default_states);

	switch (p - pidle_params) {
	case PIDLE_P_STATES:
		len = pidle_states_print(&pidle_cfg.states, buf, size);
		break;
	case PIDLE_P_TOPOLOGY:
		len = pidle_topology_show(&pidle_cfg.topo, buf, size);
		break;
	case PIDLE_P_WAIT:
		len = scnprintf(buf, size, "%s", pidle_wait_name(pidle_cfg.wait));
		break;
	case PIDLE_P_PREWAKE:
		len = scnprintf(buf, size, "%s", pidle_prewake_name(pidle_cfg.prewake));
		break;
	case PIDLE_P_POWER:
		len = pidle_power_print(&pidle_cfg.states, buf, size);
		break;
	case PIDLE_P_MODE:
		len = scnprintf(buf, size, "%s", pidle_mode_name(pidle_cfg.mode));
		break;
	case PIDLE_P_DGOV:
		len = pidle_dgov_print_resolved(&pidle_cfg.dgov, &pidle_cfg.topo,
						buf, size);
		break;
	default:
		len = scnprintf(buf, size, "%s",
				pidle_policy_name(pidle_cfg.policy));
		break;
	}
	if (len < 0)
		return len;
	buf[len++] = '\n';
	return len;
}

/* insmod's strings, should init never run (another argument was bad). */
static void pidle_param_free(void *arg)
{
	struct pidle_param *p = arg;

	kfree(p->load_val);
	p->load_val = NULL;
}

static const struct kernel_param_ops pidle_param_ops = {
	.set	= pidle_param_set,
	.get	= pidle_param_get,
	.free	= pidle_param_free,
};

module_param_cb(states, &pidle_param_ops, &pidle_params[PIDLE_P_STATES], 0644);
MODULE_PARM_DESC(states, "state table NAME:[ENTRY_US+]EXIT_LATENCY_US:TARGET_RESIDENCY_US[:LEVEL[:POWER_MW[:ENERGY_UJ]]],... (default: see the admin guide); writable");

module_param_cb(topology, &pidle_param_ops, &pidle_params[PIDLE_P_TOPOLOGY], 0644);
MODULE_PARM_DESC(topology, "auto (default: the kernel's topology), none, or LEVEL=CPUS,CPUS;LEVEL=...; writable");

module_param_cb(wait, &pidle_param_ops, &pidle_params[PIDLE_P_WAIT], 0644);
MODULE_PARM_DESC(wait, "poll (default: busy wait with interrupts masked until one is pending, then spin the exit latency) or halt (the architecture's halt, then spin the exit latency); writable");

module_param_cb(domain_policy, &pidle_param_ops, &pidle_params[PIDLE_P_POLICY], 0644);
MODULE_PARM_DESC(domain_policy, "auto (default: a domain goes down with its last CPU) or timer (keep it up when its next timer is too close); writable");

module_param_cb(prewake, &pidle_param_ops, &pidle_params[PIDLE_P_PREWAKE], 0644);
MODULE_PARM_DESC(prewake, "off (default) or on: a wake-up by the CPU's own next timer starts its exit early and pays (nearly) no latency; writable");
module_param_cb(power, &pidle_param_ops, &pidle_params[PIDLE_P_POWER], 0644);
MODULE_PARM_DESC(power, "active power of a CPU and up power of each domain level, mW: LEVEL:POWER_MW,... e.g. cpu:1000,package:2000, or per CPU set of states= CPUS=LEVEL:POWER_MW,...;CPUS=... (default none); writable");
module_param_cb(mode, &pidle_param_ops, &pidle_params[PIDLE_P_MODE], 0644);
MODULE_PARM_DESC(mode, "pc (default: platform-coordinated, every state a cpuidle state) or osi (OS-initiated: cpuidle shows cpu-level states, a domain governor picks each domain's); writable");
module_param_cb(domain_gov, &pidle_param_ops, &pidle_params[PIDLE_P_DGOV], 0644);
MODULE_PARM_DESC(domain_gov, "OSI mode's domain governor: NAME for every level, LEVEL:NAME,... or NAME,LEVEL:NAME,... (default " PIDLE_DGOV_DEFAULT "); writable");
