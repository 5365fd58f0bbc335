sh regenerate.sub group-smt "pack:2 group:2 core:2 pu:2"
