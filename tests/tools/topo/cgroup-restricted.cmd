# Exported inside a cgroup that allowed CPUs 0-3 of 8 (fixtures/make-cgroup.py
# says what such an export looks like): the missing CPUs named, exit 2.
python3 fixtures/make-cgroup.py fixtures/two-pack.xml 0-3 $TMP/cgroup.xml &&
$BUILD/pidle-topo -i $TMP/cgroup.xml
