package p

var s = `left open

func Hidden() {}
