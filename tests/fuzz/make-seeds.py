#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the seed corpora of tests/fuzz/ (run from the repository root).

The seeds are committed; this script says how they were made, and remakes
them when the input format or the presets (topology/presets.c) change.
Inputs that the fuzzer found (regressions) are kept in the corpora by hand
under names starting with "found-" and are not touched here.
"""
import os
import random

P = 'tests/fuzz/corpus/fuzz_parse'
M = 'tests/fuzz/corpus/fuzz_model'

# topology/presets.c: name -> (states=, levels)
PRESETS = {
    'default': ('POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package', 'core,package'),
    'skx': ('POLL:0:0,C1:2:2,C1E:10:20,C6:92:276:core,PC6:133:600:package', 'core,package'),
    'skx-nopc6': ('POLL:0:0,C1:2:2,C1E:10:20,C6:92:276:core', 'core'),
    'icx': ('POLL:0:0,C1:1:1,C1E:4:4,C6:170:600:core', 'core'),
    'spr': ('POLL:0:0,C1:1:1,C1E:2:4,C6:190:600:core,PC6:290:800:package', 'core,package'),
    'skl': ('POLL:0:0,C1:2:2,C1E:10:20,C3:70:100:core,C6:85:200:core,C7s:124:800:core,'
            'C8:200:800:package,C9:480:5000:package,C10:890:5000:package', 'core,package'),
    'sdm845': ('WFI:1:1,CPU_SLEEP_0:811:1890,CLUSTER_SLEEP_0:9825:9987:cluster', 'cluster'),
    'msm8916': ('WFI:1:1,CPU_SLEEP_0:280:2000,CLUSTER_RET:1000:2000:cluster,'
                'CLUSTER_PWRDN:4000:6000:cluster', 'cluster'),
    # with power: STATES|POWER (the power= string rides on the states line)
    'juno-a53': ('WFI:1:1:cpu:6,CPU_SLEEP_0:1500:2000,CLUSTER_SLEEP_0:1600:2500:cluster:17'
                 '|cpu:93,cluster:57', 'cluster'),
    'juno-a57': ('WFI:1:1:cpu:15,CPU_SLEEP_0:1500:2000,CLUSTER_SLEEP_0:1600:2500:cluster:24'
                 '|cpu:616,cluster:64', 'cluster'),
}
# What pidle-topo -y "pack:2 core:2 pu:2" writes for those levels.
TOPO = {
    'core,package': 'core=0-1,2-3,4-5,6-7;package=0-3,4-7',
    'core': 'core=0-1,2-3,4-5,6-7',
    'cluster': 'cluster=0-3,4-7',
}

# states / topology / CPU count / wait / domain_policy
CONFIGS = {
    'default-flat': ['', 'none', '4', 'halt', 'timer'],
    'default-core-only': ['', 'core=0-1,2-3', '', 'poll', 'auto'],
    'default-die': ['', 'die=0-1,2-3,4-5,6-7;package=0-3,4-7', '8', 'poll', 'auto'],
    'default-interleaved': ['', 'core=0+4,1+5,2+6,3+7;package=0-1+4-5,2-3+6-7', '', 'poll', 'timer'],
    'topo-cluster': ['', 'core=0-1,2-3,4-5,6-7,8-9,10-11,12-13,14-15;cluster=0-3,4-7,8-11,12-15;'
                     'package=0-7,8-15', '16', 'poll', 'auto'],
    'topo-unordered': ['POLL:0:0', 'core=2-3,0-1,6-7,4-5;package=4-7,0-3', '8', 'poll', 'auto'],
    'topo-five-levels': ['C1:1:1,A:2:2:l1,B:3:3:l2,C:4:4:l3,D:5:5:l4,E:6:6:l5',
                         'l1=0-1,2-3,4-5,6-7;l2=0-3,4-7;l3=0-7;l4=0-7;l5=0+1+2+3+4-7', '', 'poll', 'timer'],
    'topo-max-cpu': ['C1:1:1,PC:10:100:package', 'package=0-8191', '8192', 'poll', 'auto'],
    'topo-big-package': ['C1:1:1,PC6:300:1200:package', 'package=0-255', '', 'poll', 'auto'],
    'topo-singletons': ['C1:1:1,X:2:2:core', 'core=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15', '', 'poll', 'auto'],
    'topo-single-cpu': ['POLL:0:0,C1:2:2,C6:80:300', 'core=0;package=0', '', 'poll', 'auto'],
    'topo-spaces': ['  POLL:0:0,C1:2:2\t', ' core=0-1 ', '2', ' poll\t', 'timer '],
    'level-without-states': ['POLL:0:0,C1:2:2,PC6:300:1200:package', 'core=0-1,2-3;package=0-3', '', 'poll', 'auto'],
    'states-ten': ['a:0:0,b:1:1,c:2:2,d:3:3,e:4:4,f:5:5,g:6:6,h:7:7:core,i:8:8:core,j:9:9:core',
                   'core=0-1,2-3', '', 'poll', 'auto'],
    'states-four-per-level': ['C1:1:1,A:2:2:core,B:3:3:core,C:4:4:core,D:5:5:core', 'core=0-3', '', 'poll', 'timer'],
    'states-two-per-level': ['POLL:0:0,C1:2:2,CC6:100:400:core,PC6:300:1200:package,PC10:900:5000:package',
                             'core=0-1,2-3;package=0-3', '', 'poll', 'timer'],
    'states-power': ['C1:1:1:cpu:5,C6:100:400:core:1000000', 'core=0-1', '', 'poll', 'auto'],
    # STATES|POWER: the energy model (power= rides on the states line)
    'energy-core-package': ['POLL:0:0:cpu:1000,C1:2:2:cpu:300,CC6:100:400:core:50:20,'
                            'PC6:300:1200:package:100:200|cpu:1000,core:200,package:2000',
                            'core=0-1,2-3,4-5,6-7;package=0-3,4-7', '', 'poll', 'timer'],
    'energy-juno-a53': ['WFI:1:1:cpu:6,CPU_SLEEP_0:1500:2000,CLUSTER_SLEEP_0:1600:2500:cluster:17|'
                        'cpu:93,cluster:57', 'cluster=0-3', '', 'poll', 'auto'],
    'energy-max': ['C1:1:1:cpu:1000000:1000000,C6:10000000:10000000:cpu:0:1000000|cpu:1000000',
                   'none', '2', 'poll', 'auto'],
    'energy-only-active': ['POLL:0:0,C1:2:2|cpu:100,core:5', 'core=0-1', '', 'poll', 'auto'],
    'bad-power': ['C1:1:1:cpu:1000001:1000001|cpu:x,core,package:1:2,cpu:1', 'core=0-1', '', 'poll', 'auto'],
    'states-max-time': ['C1:10000000:10000000', 'none', '1', 'poll', 'auto'],
    'states-long-names': ['ABCDEFGHIJKLMNO:1:1,X:2:2:core.level-1_x', 'core.level-1_x=0-1', '', 'poll', 'auto'],
    # The compact form (Documentation/admin-guide.rst, "topology").
    'topo-compact-8192': ['', 'core=0-6144/2048*2048@1;die=0-63+2048-2111+4096-4159+6144-6207*32@64;'
                          'package=0-255+2048-2303+4096-4351+6144-6399*8@256', '8192', 'poll', 'auto'],
    'topo-compact-small': ['', 'core=0+8*8@1;die=0-3+8-11*2;package=0-15', '16', 'poll', 'timer'],
    'topo-compact-offline': ['', 'core=0+16*3@1,3,4+20*12@1,19;package=0-2+4-15+16-18+20-31,3,19',
                             '32', 'poll', 'auto'],
    'topo-compact-steps': ['C1:1:1,X:2:2:core', 'core=0-6/2,1-7/2', '8', 'poll', 'auto'],
    'bad-compact-reach': ['C1:1:1', 'core=0-1*4097', '', 'poll', 'auto'],
    'bad-compact-step': ['C1:1:1', 'core=0-4/0,1-3*2@0', '', 'poll', 'auto'],
    'bad-overlap': ['C1:1:1', 'core=0-2,2-3', '', 'poll', 'auto'],
    'bad-nesting': ['C1:1:1', 'core=0-1,2-3;package=0,1-3', '', 'poll', 'auto'],
    'bad-hole': ['C1:1:1', 'core=0,2', '', 'poll', 'auto'],
    'bad-cpus': ['C1:1:1', 'core=0-1', '8193', 'pol', 'timers'],
    'bad-level-order': ['C1:1:1,P:2:2:package,C:3:3:core', 'core=0-1;package=0-1', '', 'poll', 'auto'],
    'bad-five-at-level': ['C1:1:1,A:2:2:core,B:3:3:core,C:4:4:core,D:5:5:core,E:6:6:core',
                          'core=0-3', '', 'poll', 'auto'],
    'bad-syntax': ['C1:1:2,,C2:3:4', 'core=0-1;;package=0-1', 'x', '', ''],
    'bad-range': ['C1:x:1', 'core=3-1', '', 'poll', 'auto'],
    'bad-overflow': ['C1:1:18446744073709551617', 'core=18446744073709551617', '', 'poll', 'auto'],
}

# fuzz_parse only: the five lines above, then mode= and domain_gov=
# (issue 22: ENTRY_US+EXIT_US latencies, OSI, a governor per level).
OSI_CONFIGS = {
    'osi-entry-exit': ['WFI:1:1,CPU_PD:40+100:3000,CL1:200+500:3000:cluster,CL2:500+1000:7000:cluster',
                       'cluster=0-3,4-7', '', 'poll', 'auto', 'osi', 'genpd-6.12'],
    'osi-per-level': ['', TOPO['core,package'], '', 'poll', 'auto', 'osi',
                      'deepest,package:genpd'],
    'osi-levels-only': ['', 'core=0-1,2-3;cluster=0-3;package=0-3', '', 'poll', 'auto', 'pc',
                        'core:genpd-6.1,cluster:predict,package:deepest'],
    'osi-polling-deepest': ['POLL:0:0,CL:100:400:cluster', 'cluster=0-1', '', 'poll', 'auto', 'osi', 'deepest'],
    'osi-entry-at-cap': ['C1:10000+10000:10,X:10000+10000:20:core', 'core=0-1', '', 'poll', 'auto', 'osi', 'core:deepest'],
    'bad-osi-entry': ['C1:+5:10,C2:5+:10,C3:1+2+3:10', 'core=0-1', '', 'poll', 'auto', 'OSI', 'core:deep:est'],
    'bad-osi-order': ['C1:1:1,CL:300+200:500:cl,CL2:0+400:600:cl', 'cl=0-1', '', 'poll', 'auto', 'osi',
                      'die:deepest,cpu:deepest'],
    'bad-osi-gov': ['', 'core=0-1', '', 'poll', 'auto', 'osi', 'core:deepest,genpd-5.10'],
}

# fuzz_parse only: a states= table per CPU set (issue 24 item 6), the
# sdm845 devicetree's, and refusals of each kind.
HETERO_CONFIGS = {
    'sets-sdm845': ['0-3=WFI:1:1,cpu-sleep-0-0:350+461:1890,cluster-sleep-0:3263+6562:9987:cluster;'
                    '4-7=WFI:1:1,cpu-sleep-1-0:264+621:952,cluster-sleep-0:3263+6562:9987:cluster',
                    'cluster=0-7', '', 'poll', 'auto', 'pc', ''],
    'sets-three-osi': ['0-3,8=WFI:1:1,S0:40+100:3000,CL:200+500:3000:cluster;4-6=WFI:1:1,S1:30+90:900,'
                       'CL:200+500:3000:cluster;7,9=WFI:1:1,S2:20+80:800,CL:200+500:3000:cluster',
                       'cluster=0-9', '', 'poll', 'auto', 'osi', 'deepest'],
    # issue 37: hi3660, a cluster per set, each its own cluster state;
    # with powers per CPU kind and a package over both that they share.
    'sets-hi3660': ['0-3=WFI:1:1,cpu-sleep-0:400+650:1500,cluster-sleep-0:500+1600:3500:cluster;'
                    '4-7=WFI:1:1,cpu-sleep-1:400+550:1500,cluster-sleep-1:800+2900:3500:cluster',
                    'cluster=0-3,4-7', '', 'poll', 'auto', 'pc', ''],
    'sets-hi3660-energy': ['0-3=WFI:1:1:cpu:10,cpu-sleep-0:400+650:1500:cpu:5:2,'
                           'cluster-sleep-0:500+1600:3500:cluster:20:30,SoC:1000+3000:9000:package:50;'
                           '4-7=WFI:1:1:cpu:100,cpu-sleep-1:400+550:1500:cpu:40:9,'
                           'cluster-sleep-1:800+2900:3500:cluster:200:80,SoC:1000+3000:9000:package:50'
                           '|cpu:1000,cluster:500,package:800',
                           'cluster=0-3,4-7;package=0-7', '', 'poll', 'timer', 'pc', ''],
    # issue 37 item 3: power= per set, Juno's EAS figures per cluster; and
    # sdm845's one cluster over both sets, with one up power.
    'sets-juno-power': ['0-3=WFI:1:1:cpu:6,cpu-sleep-0:1500:2000,cluster-sleep-0:1600:2500:cluster:17;'
                        '4-5=WFI:1:1:cpu:15,cpu-sleep-0:1500:2000,cluster-sleep-0:1600:2500:cluster:24'
                        '|0-3=cpu:93,cluster:57;4-5=cpu:616,cluster:64',
                        'cluster=0-3,4-5', '', 'poll', 'timer', 'pc', ''],
    'sets-sdm845-power': ['0-3=WFI:1:1:cpu:5,cpu-sleep-0-0:350+461:1890,cluster-sleep-0:3263+6562:9987:cluster:10:40;'
                          '4-7=WFI:1:1:cpu:50,cpu-sleep-1-0:264+621:952,cluster-sleep-0:3263+6562:9987:cluster:10:40'
                          '|0-3=cpu:120,cluster:300;4-7=cpu:1100,cluster:300',
                          'cluster=0-7', '', 'poll', 'auto', 'pc', ''],
    'bad-power-sets-cluster-differs': ['0-3=WFI:1:1;4-7=WFI:2:2|0-3=cpu:1,cluster:5;4-7=cpu:2,cluster:6',
                                       'cluster=0-7', '', 'poll', 'auto', 'pc', ''],
    'bad-power-sets-not-states': ['0-3=WFI:1:1;4-7=WFI:2:2|0-2=cpu:1;3-7=cpu:2;0=x;=',
                                  'cluster=0-3,4-7', '', 'poll', 'auto', 'pc', ''],
    # issue 37 item 2: tables of different lengths, msm8956's kinds
    # (1 and 2 CPU states), and a domain level whose sets differ in
    # number (PC only); a set lacking a level is refused.
    'sets-msm8956': ['0-3=WFI:1:1,cpu-sleep-0-0:330:703;'
                     '4-7=WFI:1:1,cpu-sleep-1-0:241:242,cpu-sleep-1-1:302:863',
                     'cluster=0-3,4-7', '', 'poll', 'auto', 'pc', ''],
    'sets-lengths-levels': ['0-1=W:1:1,CL:50:500:cluster,P:90:900:package;'
                            '2-3=W:1:1,C2:5:20,R:20:100:cluster,CL:50:600:cluster,P:90:900:package',
                            'cluster=0-1,2-3;package=0-3', '', 'poll', 'timer', 'pc', ''],
    'bad-sets-lengths-level-missing': ['0-3=C1:1:1,X:2:2:cluster;4-7=C1:1:1,C2:2:2',
                                       'cluster=0-3,4-7', '', 'poll', 'auto', 'osi', ''],
    'bad-sets-package-differs': ['0-1=C1:1:1,CL0:5:50:cluster,P:9:90:package;'
                                 '2-3=C2:2:2,CL1:6:50:cluster,P:9:91:package',
                                 'cluster=0-1,2-3;package=0-3', '', 'poll', 'auto', 'pc', ''],
    'bad-sets-domain-differs': ['0-1=C1:1:1,CL:5:50:cluster;2-3=C2:2:2,CL:6:50:cluster',
                                'cluster=0-3', '', 'poll', 'auto', 'pc', ''],
    'bad-sets-cover': ['0-1=C1:1:1;3=C2:2:2', 'core=0-1,2-3', '', 'poll', 'auto', 'pc', ''],
    'bad-sets-syntax': ['0-3=C1:1:1;4-2=C1:1:1;=;5=C1:1:1,C2:2:2;0=x=y', 'none', '8', 'poll', 'auto', '', ''],
}

NOTIMER = 0xf0


def op(cpu, act, state=0, dt=0, time=NOTIMER):
    """One fuzz_model operation: CPU ACT DT TIME (see fuzz_model.c)."""
    return bytes([cpu & 255, (act << 5) | state, dt, time])


def scenario(nr_states, nr_cpus):
    deep = nr_states - 1
    s = b'\0'                           # no allocation failure
    s += op(0, 5, deep, 10)             # every CPU enters the deepest state
    s += op(0, 0, 0, 100)               # CPU 0 wakes: first man
    s += op(1, 0, 0, 2)                 # a sibling during the power-up: waiter
    s += op(0, 6, 0, 60)                # every other CPU wakes
    s += op(0, 7, 3)                    # compare the statistics
    s += op(nr_cpus - 1, 4, 0, 5)       # the last CPU goes offline
    s += op(0, 5, deep, 10, 0x30)       # the others enter, timer 135 us ahead
    s += op(2, 0, 0, 20, 0x07)          # one wakes with a stale clock read
    s += op(0, 6, 0, 100)
    s += op(nr_cpus - 1, 4, 0, 3)       # back online
    s += op(0, 7, 0)                    # reset every statistic
    for i in range(nr_cpus):            # one by one, shallower states
        s += op(i, 0, 1 + i % max(1, deep), 7)
    s += op(0, 6, 0, 50)
    return s


def nr_cpus_of(cfg):
    if cfg[2]:
        return int(cfg[2])
    last = cfg[1].split(';')[-1].split('=')[-1]
    return max(int(x) for x in last.replace('+', ',').replace('-', ',').split(',')) + 1


def write(d, name, data):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


def text(cfg):
    return ('\n'.join(cfg) + '\n').encode()


def main():
    rnd = random.Random(6)
    for name, (states, levels) in PRESETS.items():
        for policy in ('auto', 'timer'):
            cfg = [states, TOPO[levels], '', 'poll', policy]
            if policy == 'auto':
                write(P, 'preset-' + name, text(cfg))
            write(M, 'preset-%s-%s' % (name, policy),
                  text(cfg) + scenario(states.split('|')[0].count(',') + 1, 8))
    for name, cfg in CONFIGS.items():
        write(P, name, text(cfg))
        if name.startswith('bad-') or nr_cpus_of(cfg) > 256:
            continue        # fuzz_model takes at most 256 CPUs
        nr_states = cfg[0].count(',') + 1 if cfg[0] else 5
        write(M, name, text(cfg) + scenario(nr_states, nr_cpus_of(cfg)))
    for name, cfg in OSI_CONFIGS.items():
        write(P, name, text(cfg))
    for name, cfg in HETERO_CONFIGS.items():
        write(P, name, text(cfg))
        if not name.startswith('bad-'):
            nr_states = cfg[0].split(';')[0].count(',') + 1
            write(M, name, text(cfg[:5]) + scenario(nr_states, nr_cpus_of(cfg)))
    for k in (1, 2, 3, 7):
        write(M, 'fault-%d' % k, text(['', 'core=0-1,2-3;package=0-3', '', 'poll', 'auto']) +
              bytes([k]) + op(0, 5, 4, 1) + op(0, 6, 0, 1))
    for i in range(4):
        cfg = ['', TOPO['core,package'], '', 'poll', ('auto', 'timer')[i % 2]]
        write(M, 'random-%d' % i, text(cfg) + b'\0' +
              bytes(rnd.randrange(256) for _ in range(400)))


if __name__ == '__main__':
    main()
