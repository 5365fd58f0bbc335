sh regenerate.sub smt "pack:1 core:4 pu:2"
