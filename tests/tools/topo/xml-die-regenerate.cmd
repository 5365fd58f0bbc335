sh regenerate.sub die "pack:2 die:2 core:2 pu:1"
