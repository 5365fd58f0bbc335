# SPDX-License-Identifier: GPL-2.0
# split.awk: one job's serial log into the cells' result files, in DIR:
#   STEM.status   "ok", "skipped REASON" or "failed REASON"
#   STEM.info     the "# exp: info" lines: states and topology in force,
#                 states disabled, the governors the kernel has
#   STEM.stat     pidle-stat's JSON over the workload
#   STEM.work     the workload's CSV
#   STEM.samples  its response times, us, one a line (pidle-irqwork)
# STEM is the cell's id with / as _. Written from experiments/guest/exp.sh's
# "# exp:" lines. Usage: awk -v dir=DIR -f split.awk LOG
function stem(id) { gsub(/\//, "_", id); return dir "/" id }

{ sub(/\r$/, "") }
/^# exp: begin / { out = stem($4) "." $5; printf "" > out; next }
/^# exp: end / { close(out); out = ""; next }
/^# exp: info / {
	f = stem($4) ".info"
	line = $0; sub(/^# exp: info [^ ]+ /, "", line)
	print line >> f; close(f)
	next
}
/^# exp: cell / {
	f = stem($4) ".status"
	line = $0; sub(/^# exp: cell [^ ]+ /, "", line)
	print line > f; close(f)
	next
}
out != "" && $0 != "" { print >> out }
