package p
/* open
func Hidden() {}
