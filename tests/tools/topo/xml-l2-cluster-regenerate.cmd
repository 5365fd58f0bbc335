sh regenerate.sub l2-cluster "pack:1 l2:2 core:2 pu:1"
