def x { string s = "no end; }
