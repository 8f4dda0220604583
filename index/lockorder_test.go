package index

import (
	"reflect"
	"sync"
	"testing"
)

// lockOwners are the catalog's types that own a lock or reach one:
// refreshMu is the refresher's (taken first, only through lockWrite); view,
// pair, bodyQueue, subscribers and unlistedFiles own the leaf locks, each
// taken only by its own type's methods.
var lockOwners = []reflect.Type{
	reflect.TypeFor[Catalog](), reflect.TypeFor[refresher](), reflect.TypeFor[fileReads](), reflect.TypeFor[bodyPass](),
	reflect.TypeFor[repairer](),
	reflect.TypeFor[view](), reflect.TypeFor[pair](), reflect.TypeFor[bodyQueue](), reflect.TypeFor[subscribers](),
	reflect.TypeFor[unlistedFiles](),
}

// reachedOwner walks the fields of start (through pointers, structs, maps,
// slices, arrays and channels) and returns the path to the first lock
// owner other than start itself, or "".
func reachedOwner(start reflect.Type) string {
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, path string) string
	walk = func(ty reflect.Type, path string) string {
		if seen[ty] {
			return ""
		}
		seen[ty] = true
		if ty != start {
			for _, o := range lockOwners {
				if ty == o {
					return path
				}
			}
		}
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
			return walk(ty.Elem(), path)
		case reflect.Map:
			if p := walk(ty.Key(), path); p != "" {
				return p
			}
			return walk(ty.Elem(), path)
		case reflect.Struct:
			for i := range ty.NumField() {
				f := ty.Field(i)
				if p := walk(f.Type, path+"."+f.Name); p != "" {
					return p
				}
			}
		}
		return ""
	}
	return walk(start, start.Name())
}

// TestLeafLocksReachNoOtherLock checks the lock order mechanically rather
// than by comment: a leaf type's methods could take another catalog lock
// only through a reference to another lock owner, and no leaf type holds
// one. So no leaf lock is ever held while refreshMu or another leaf lock
// is taken, and refreshMu, taken only through lockWrite by types that own
// no lock of their own (refresher, bodyPass, repairer, Catalog), is always
// taken first.
func TestLeafLocksReachNoOtherLock(t *testing.T) {
	for _, leaf := range []reflect.Type{
		reflect.TypeFor[view](), reflect.TypeFor[pair](), reflect.TypeFor[bodyQueue](), reflect.TypeFor[subscribers](),
		reflect.TypeFor[unlistedFiles](), reflect.TypeFor[semantic](),
	} {
		if p := reachedOwner(leaf); p != "" {
			t.Errorf("%s reaches another lock owner through %s: its lock would no longer be a leaf", leaf.Name(), p)
		}
	}
	// The types that take refreshMu own no other lock than what they
	// reach: a mutex field of their own would be held around lockWrite.
	for _, taker := range []reflect.Type{reflect.TypeFor[bodyPass](), reflect.TypeFor[repairer](), reflect.TypeFor[Catalog]()} {
		for i := range taker.NumField() {
			if f := taker.Field(i); f.Type == reflect.TypeFor[sync.Mutex]() || f.Type == reflect.TypeFor[sync.RWMutex]() {
				t.Errorf("%s.%s: a lock of its own beside lockWrite has no place in the lock order", taker.Name(), f.Name)
			}
		}
	}
	// The walk is not vacuous: a leaf that held a view would be caught.
	type leafWithView struct {
		mu sync.Mutex
		v  map[string][]*view
	}
	if p := reachedOwner(reflect.TypeFor[leafWithView]()); p != "leafWithView.v" {
		t.Errorf("a reference to a view inside a map of slices not found: %q", p)
	}
}
