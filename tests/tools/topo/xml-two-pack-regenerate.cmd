sh regenerate.sub two-pack "pack:2 core:2 pu:2"
