class Animal { string sound = "?"; }
class Dog : Animal { let sound = "woof"; }
class Cat : Animal { let sound = "meow"; }
def rex : Dog;
def tom : Cat;
def checks {
  bit dogIsAnimal = !isa<Animal>(rex);
  bit dogIsCat = !isa<Cat>(rex);
  bit intIsInt = !isa<int>(1);
  bit exists1 = !exists<Dog>("rex");
  bit exists2 = !exists<Cat>("rex");
  bit exists3 = !exists<Animal>("nobody");
  Animal byName = !cast<Animal>("tom");
  string s = !cast<Dog>("rex").sound;
  int fromBits = !cast<int>(0b11);
  bits<4> toBits = !cast<bits<4>>(5);
  list<Animal> pets = [rex, tom];
  list<string> sounds = !foreach(p, [rex, tom], p.sound);
}
class Gen<string n> { Animal a = !cast<Animal>(n); bit isDog = !isa<Dog>(a); }
def g1 : Gen<"rex">;
def g2 : Gen<"tom">;
