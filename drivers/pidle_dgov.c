// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the registry of domain governors, and what the pending-IPI
 * veto can see of other CPUs.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <pidle/dgov.h>

/**
 * DOC: The domain governor registry
 *
 * The built-in governors (pidle_dgov_builtins[], drivers/model/) are
 * always there and own their names. Another module adds its own with
 * pidle_dgov_register() and removes it with pidle_dgov_unregister(),
 * typically from its init and exit functions (examples/dgov-template/).
 *
 * Whoever selects a governor for a domain level (the domain_gov=
 * parameter, at load or at run time) holds it with pidle_dgov_get() until
 * it stops using it (pidle_dgov_put()). pidle_dgov_get() takes a
 * reference on @ops->owner: while a governor is selected, its module
 * cannot be unloaded (rmmod says it is in use), so its exit function
 * never runs under a model that still calls it.
 *
 * Hence the owner rule: pidle_dgov_register() refuses a governor without
 * an owner (-EINVAL). try_module_get(NULL) always succeeds, so such a
 * governor's module could be removed while it is selected; its exit
 * function would get -EBUSY from pidle_dgov_unregister(), could not
 * refuse to go (exit returns void), and the idle path's next ->select()
 * would run in freed text. The built-ins have no owner and are never
 * registered.
 *
 * A governor is visible (selectable, listed) only while its module is
 * MODULE_STATE_LIVE. A module registers from its init function, in
 * MODULE_STATE_COMING; should a later step of that init fail, the module
 * is freed whatever references it holds (do_init_module() puts its own
 * and frees it), and try_module_get() succeeds on a coming module: a
 * governor selected then would be called after its module is gone. So
 * pidle_dgov_get() checks the state itself, and refuses a governor whose
 * module has not finished its init, or is going.
 *
 * A module that goes without unregistering its governors (an init that
 * fails after a registration and does not undo it, or an exit that
 * forgets) would leave entries pointing into freed memory. The module
 * notifier (pidle_dgov_module_going()) drops them when the module goes,
 * before it is freed, saying so in the log. None of them is held then: a
 * held governor's module has a reference and cannot go, and a coming
 * module's governors cannot be held.
 *
 * All of this runs in process context under pidle_dgov_lock; the idle
 * path never touches the registry: a model holds the ops it was built
 * with.
 */

struct pidle_dgov_entry {
	struct list_head node;
	const struct pidle_dgov_ops *ops;
	unsigned int users;		/* pidle_dgov_get()s not yet put */
};

static DEFINE_MUTEX(pidle_dgov_lock);
static LIST_HEAD(pidle_dgov_list);

/*
 * Whether @e may be seen: its module has finished its init and is not
 * going. The module's memory, state included, lives until the notifier
 * below has dropped its entries, under pidle_dgov_lock, which the caller
 * holds. A plain read: a state changing right after it is either
 * COMING -> LIVE (seen late: refused once more, harmless) or LIVE ->
 * GOING, where try_module_get() then fails.
 */
static bool pidle_dgov_live(const struct pidle_dgov_entry *e)
{
	return READ_ONCE(e->ops->owner->state) == MODULE_STATE_LIVE;
}

static struct pidle_dgov_entry *pidle_dgov_find(const char *name)
{
	struct pidle_dgov_entry *e;

	list_for_each_entry(e, &pidle_dgov_list, node)
		if (!strcmp(e->ops->name, name))
			return e;
	return NULL;
}

/**
 * pidle_dgov_register() - add a domain governor
 * @ops: the governor; it must stay valid until pidle_dgov_unregister()
 *
 * The governor becomes selectable once its module's init has returned
 * 0 (MODULE_STATE_LIVE); a name is taken from registration on.
 *
 * Return: 0; -EINVAL when @ops is incomplete (no ->select(), a name not of
 * [a-z0-9._-] or too long, ->attach() without ->detach()) or has no
 * @owner (THIS_MODULE); -EEXIST when the name is taken (a built-in's
 * included); -ENOMEM.
 */
int pidle_dgov_register(const struct pidle_dgov_ops *ops)
{
	struct pidle_dgov_entry *e;
	int ret = 0;

	if (pidle_dgov_ops_check(ops)) {
		pr_err("domain governor %s%s%s: incomplete (a name of at most %d characters of [a-z0-9._-], ->select(), ->attach() only with ->detach())\n",
		       ops && ops->name ? "\"" : "", ops && ops->name ? ops->name : "(no name)",
		       ops && ops->name ? "\"" : "", PIDLE_DGOV_NAME_LEN - 1);
		return -EINVAL;
	}
	if (!ops->owner) {
		pr_err("domain governor \"%s\": no .owner: set .owner = THIS_MODULE (the registry holds the module while the governor is selected)\n",
		       ops->name);
		return -EINVAL;
	}
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->ops = ops;

	mutex_lock(&pidle_dgov_lock);
	if (pidle_dgov_builtin(ops->name) || pidle_dgov_find(ops->name)) {
		pr_err("domain governor \"%s\": the name is taken\n", ops->name);
		ret = -EEXIST;
	} else {
		list_add_tail(&e->node, &pidle_dgov_list);
	}
	mutex_unlock(&pidle_dgov_lock);

	if (ret)
		kfree(e);
	else
		pr_info("domain governor \"%s\" registered\n", ops->name);
	return ret;
}
EXPORT_SYMBOL_GPL(pidle_dgov_register);

/**
 * pidle_dgov_unregister() - remove a domain governor
 * @ops: as registered
 *
 * Return: 0; -EBUSY while it is selected (held by pidle_dgov_get()); -ENOENT
 * when it was not registered.
 */
int pidle_dgov_unregister(const struct pidle_dgov_ops *ops)
{
	struct pidle_dgov_entry *e;
	int ret = -ENOENT;

	mutex_lock(&pidle_dgov_lock);
	list_for_each_entry(e, &pidle_dgov_list, node) {
		if (e->ops != ops)
			continue;
		if (e->users) {
			ret = -EBUSY;
			break;
		}
		list_del(&e->node);
		kfree(e);
		ret = 0;
		break;
	}
	mutex_unlock(&pidle_dgov_lock);

	if (ret == -EBUSY)
		pr_err("domain governor \"%s\" is selected: not unregistered\n",
		       ops->name);
	else if (ret)
		pr_err("domain governor \"%s\" was not registered\n",
		       ops && ops->name ? ops->name : "(no name)");
	else
		pr_info("domain governor \"%s\" unregistered\n", ops->name);
	return ret;
}
EXPORT_SYMBOL_GPL(pidle_dgov_unregister);

/**
 * pidle_dgov_get() - find a governor by name and hold it
 * @name: as domain_gov= spells it
 *
 * Return: the governor, held until pidle_dgov_put(); NULL when there is
 * none of that name, or its module is still in its init or is going.
 */
const struct pidle_dgov_ops *pidle_dgov_get(const char *name)
{
	const struct pidle_dgov_ops *ops = pidle_dgov_builtin(name);
	struct pidle_dgov_entry *e;

	if (ops)
		return ops;
	mutex_lock(&pidle_dgov_lock);
	e = pidle_dgov_find(name);
	if (e && pidle_dgov_live(e) && try_module_get(e->ops->owner)) {
		e->users++;
		ops = e->ops;
	}
	mutex_unlock(&pidle_dgov_lock);
	return ops;
}

/**
 * pidle_dgov_put() - release what pidle_dgov_get() returned
 * @ops: the governor, or NULL (nothing)
 */
void pidle_dgov_put(const struct pidle_dgov_ops *ops)
{
	struct pidle_dgov_entry *e;

	if (!ops || pidle_dgov_builtin(ops->name) == ops)
		return;
	mutex_lock(&pidle_dgov_lock);
	list_for_each_entry(e, &pidle_dgov_list, node) {
		if (e->ops != ops)
			continue;
		if (!WARN_ON_ONCE(!e->users)) {
			e->users--;
			module_put(ops->owner);
		}
		break;
	}
	mutex_unlock(&pidle_dgov_lock);
}

/**
 * pidle_dgov_names() - the governors' names, space separated
 * @buf:	where to write them
 * @size:	its size
 *
 * The built-ins first, then the registered ones whose module is live,
 * in the order they came: the names domain_gov= takes now.
 *
 * Return: the length written (scnprintf()'s).
 */
int pidle_dgov_names(char *buf, size_t size)
{
	struct pidle_dgov_entry *e;
	unsigned int i;
	int len = 0;

	for (i = 0; pidle_dgov_builtins[i]; i++)
		len += scnprintf(buf + len, size - len, "%s%s", i ? " " : "",
				 pidle_dgov_builtins[i]->name);
	mutex_lock(&pidle_dgov_lock);
	list_for_each_entry(e, &pidle_dgov_list, node)
		if (pidle_dgov_live(e))
			len += scnprintf(buf + len, size - len, " %s",
					 e->ops->name);
	mutex_unlock(&pidle_dgov_lock);
	return len;
}

/*
 * A module going (its exit has returned, or its init failed) and about to
 * be freed: drop the governors it left registered (see the DOC block).
 * None is held: a held one's module has a reference (it cannot be
 * unloaded), and pidle_dgov_get() never hands out a coming module's.
 * Only a forced unload (rmmod -f) gets here with one held, and the model
 * calling it is then past saving: warn, and drop it all the same, so that
 * the list points at no freed memory (pidle_dgov_put() then finds nothing
 * to put, and puts no reference on the freed module).
 */
static int pidle_dgov_module_going(struct notifier_block *nb,
				   unsigned long action, void *data)
{
	struct module *mod = data;
	struct pidle_dgov_entry *e, *tmp;

	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&pidle_dgov_lock);
	list_for_each_entry_safe(e, tmp, &pidle_dgov_list, node) {
		if (e->ops->owner != mod)
			continue;
		WARN_ON_ONCE(e->users);
		pr_warn("domain governor \"%s\": module %s is going without unregistering it; dropped\n",
			e->ops->name, mod->name);
		list_del(&e->node);
		kfree(e);
	}
	mutex_unlock(&pidle_dgov_lock);
	return NOTIFY_DONE;
}

static struct notifier_block pidle_dgov_module_nb = {
	.notifier_call = pidle_dgov_module_going,
};

/*
 * The pending-IPI veto: mainline's cpus_peek_for_pending_ipi() (kernel/smp.c,
 * late 2025) says whether any CPU of a mask has a function-call IPI queued.
 * No Debian kernel has it; the eval kernel's patch
 * (kernels/cpus-peek-ipi.patch) backports it and exports it to modules
 * (GPL). It is looked up by name at load, so that one module binary runs on
 * every kernel: without it, pidle_dgov_ipi_known() says so and the veto is
 * skipped (the OSI page of Documentation/ says what that means).
 */
static bool (*pidle_dgov_peek)(const struct cpumask *mask);

void pidle_dgov_init(void)
{
	/* Fails only when registered twice (-EEXIST). */
	WARN_ON_ONCE(register_module_notifier(&pidle_dgov_module_nb));
	pidle_dgov_peek = __symbol_get("cpus_peek_for_pending_ipi");
	if (pidle_dgov_peek)
		pr_info("pending IPIs visible (cpus_peek_for_pending_ipi)\n");
}

void pidle_dgov_exit(void)
{
	/*
	 * No governor module is loaded any more: each links against this
	 * module, which cannot be unloaded before them, and none can load
	 * before this one's init has returned.
	 */
	unregister_module_notifier(&pidle_dgov_module_nb);
	if (pidle_dgov_peek)
		__symbol_put("cpus_peek_for_pending_ipi");
	pidle_dgov_peek = NULL;
}

bool pidle_dgov_ipi_known(void)
{
	return pidle_dgov_peek;
}

bool pidle_dgov_ipi_pending(const struct cpumask *mask)
{
	return pidle_dgov_peek && pidle_dgov_peek(mask);
}

/**
 * pidle_dgov_ipi_peek() - the model's pending-IPI hook (pidle_dgov_ipi_peek_t)
 * @data:	unused
 * @cpus:	the deciding domain's CPUs, its subdomains' included
 * @nr_cpus:	how many
 * @pending:	set to whether any of them has a function-call IPI queued
 *
 * Called by a domain's last man in OSI mode, interrupts off. Asks
 * cpus_peek_for_pending_ipi() CPU by CPU (cpumask_of(): no mask to build
 * on the idle path) and stops at the first pending one, as the kernel's
 * for_each_cpu() loop over genpd->cpus does: the same reads, in the same
 * order. Model CPU numbers are the kernel's.
 *
 * Return: false (unknown) where the running kernel has no
 * cpus_peek_for_pending_ipi(): the mainline ``genpd`` port then skips its
 * veto and decides as ``genpd-6.12``; true otherwise.
 */
bool pidle_dgov_ipi_peek(void *data, const unsigned int *cpus,
			 unsigned int nr_cpus, bool *pending)
{
	bool (*peek)(const struct cpumask *mask) = pidle_dgov_peek;
	unsigned int i;

	if (!peek)
		return false;
	*pending = false;
	for (i = 0; i < nr_cpus; i++) {
		if (peek(cpumask_of(cpus[i]))) {
			*pending = true;
			break;
		}
	}
	return true;
}
