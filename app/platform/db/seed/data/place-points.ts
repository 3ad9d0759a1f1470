/**
 * Which record of the gazetteer (the table `gazetteer`, Who's On First's places of Syria; decision 094) gives each
 * governorate and place of geography.ts its point: `wof` is the record's Who's On First id. `city: true` marks a
 * city neighbourhood the gazetteer lacks: it has its city's point (its maps link opens the city, and its listings'
 * JSON-LD carries no `geo` of its own). A governorate's point is its seat's. Written by scripts/gazetteer.ts, which
 * says how each was matched; do not edit by hand. `region`: the governorate's own record.
 */
export type PlacePoint = { wof: number; city?: true };

export const placePoints: Record<string, { region: number; seat: PlacePoint; places: Record<string, PlacePoint> }> = {
  "Damascus": {
    "region": 85678403,
    "seat": {
      "wof": 421202165
    },
    "places": {
      "Mezzeh": {
        "wof": 421190383
      },
      "Mezzeh Western Villas": {
        "wof": 421202165,
        "city": true
      },
      "Mezzeh 86": {
        "wof": 421202165,
        "city": true
      },
      "Malki": {
        "wof": 421202165,
        "city": true
      },
      "Abu Rummaneh": {
        "wof": 421202165,
        "city": true
      },
      "Al-Rawda": {
        "wof": 421202165,
        "city": true
      },
      "Kafr Souseh": {
        "wof": 421202165,
        "city": true
      },
      "Al-Muhajireen": {
        "wof": 421202165,
        "city": true
      },
      "Bab Touma": {
        "wof": 421202165,
        "city": true
      },
      "Bab Sharqi": {
        "wof": 421202165,
        "city": true
      },
      "Al-Qaymariyya": {
        "wof": 421202165,
        "city": true
      },
      "Al-Shaalan": {
        "wof": 421202165,
        "city": true
      },
      "Al-Salihiyah": {
        "wof": 421202165,
        "city": true
      },
      "Sarouja": {
        "wof": 421202165,
        "city": true
      },
      "Al-Jisr al-Abyad": {
        "wof": 421202165,
        "city": true
      },
      "Rukn al-Din": {
        "wof": 421202165,
        "city": true
      },
      "Al-Baramkeh": {
        "wof": 421202165,
        "city": true
      },
      "Al-Qassaa": {
        "wof": 421202165,
        "city": true
      },
      "Al-Adawi": {
        "wof": 421202165,
        "city": true
      },
      "Al-Tijara": {
        "wof": 421202165,
        "city": true
      },
      "Al-Mazraa": {
        "wof": 421202165,
        "city": true
      },
      "Al-Abbasiyyin": {
        "wof": 421202165,
        "city": true
      },
      "Al-Midan": {
        "wof": 421202165,
        "city": true
      },
      "Al-Shaghour": {
        "wof": 421202165,
        "city": true
      },
      "Al-Zahira": {
        "wof": 421202165,
        "city": true
      },
      "Dummar": {
        "wof": 1242860585
      },
      "Dummar Project": {
        "wof": 421202165,
        "city": true
      },
      "Al-Rabweh": {
        "wof": 421202165,
        "city": true
      },
      "Barzeh": {
        "wof": 421202165,
        "city": true
      },
      "Al-Qadam": {
        "wof": 421202165,
        "city": true
      },
      "Al-Qaboun": {
        "wof": 421202165,
        "city": true
      },
      "Jobar": {
        "wof": 421202165,
        "city": true
      }
    }
  },
  "Rif Dimashq": {
    "region": 85678391,
    "seat": {
      "wof": 85678391
    },
    "places": {
      "Jaramana": {
        "wof": 1260305771
      },
      "Sahnaya": {
        "wof": 1226065015
      },
      "Ashrafiyat Sahnaya": {
        "wof": 1309825771
      },
      "Qudsaya": {
        "wof": 1226439569
      },
      "Dahiyat Qudsaya": {
        "wof": 1226439569,
        "city": true
      },
      "Esh al-Warwar": {
        "wof": 85678391,
        "city": true
      },
      "Yafour": {
        "wof": 1276964767
      },
      "Al-Sabboura": {
        "wof": 1242797809
      },
      "Al-Dimas": {
        "wof": 1343759619
      },
      "Zabadani": {
        "wof": 890442377
      },
      "Bloudan": {
        "wof": 1310425671
      },
      "Madaya": {
        "wof": 1243545253
      },
      "Buqqain": {
        "wof": 1260065911
      },
      "Ain al-Fijeh": {
        "wof": 1343747329
      },
      "Al-Tall": {
        "wof": 890449885
      },
      "Saydnaya": {
        "wof": 1343681951
      },
      "Maaloula": {
        "wof": 890442551
      },
      "Yabroud": {
        "wof": 1125962359
      },
      "Al-Nabk": {
        "wof": 1125978283
      },
      "Deir Atiyah": {
        "wof": 1344142507
      },
      "Al-Qutayfah": {
        "wof": 1125978395
      },
      "Douma": {
        "wof": 890442375
      },
      "Harasta": {
        "wof": 1125968475
      },
      "Arbin": {
        "wof": 1125967573
      },
      "Dumayr": {
        "wof": 1309991387
      },
      "Darayya": {
        "wof": 890449861
      },
      "Muadamiyat al-Sham": {
        "wof": 85678391,
        "city": true
      },
      "Jdeidet Artouz": {
        "wof": 1360307761
      },
      "Qatana": {
        "wof": 1125964903
      },
      "Al-Kiswah": {
        "wof": 1125980727
      },
      "Sayyida Zaynab": {
        "wof": 85678391,
        "city": true
      },
      "Babbila": {
        "wof": 1259603295
      }
    }
  },
  "Aleppo": {
    "region": 85678359,
    "seat": {
      "wof": 421202163
    },
    "places": {
      "Al-Muhafaza": {
        "wof": 421202163,
        "city": true
      },
      "Al-Shahba": {
        "wof": 421202163,
        "city": true
      },
      "Al-Furqan": {
        "wof": 421202163,
        "city": true
      },
      "New Aleppo": {
        "wof": 421202163,
        "city": true
      },
      "Mocambo": {
        "wof": 421202163,
        "city": true
      },
      "Al-Sabil": {
        "wof": 421202163,
        "city": true
      },
      "Al-Aziziyah": {
        "wof": 421202163,
        "city": true
      },
      "Al-Jamiliyah": {
        "wof": 421202163,
        "city": true
      },
      "Al-Idhaa": {
        "wof": 421202163,
        "city": true
      },
      "Al-Sulaymaniyah": {
        "wof": 421202163,
        "city": true
      },
      "Al-Jdeideh": {
        "wof": 421202163,
        "city": true
      },
      "Al-Hamdaniyah": {
        "wof": 421202163,
        "city": true
      },
      "Al-Midan": {
        "wof": 421202163,
        "city": true
      },
      "Bab al-Faraj": {
        "wof": 421202163,
        "city": true
      },
      "Saif al-Dawla": {
        "wof": 421202163,
        "city": true
      },
      "Salah al-Din": {
        "wof": 421202163,
        "city": true
      },
      "Al-Ansari": {
        "wof": 421202163,
        "city": true
      },
      "Sheikh Maqsoud": {
        "wof": 421202163,
        "city": true
      },
      "Manbij": {
        "wof": 1141906291
      },
      "Afrin": {
        "wof": 890436241
      },
      "Azaz": {
        "wof": 890449873
      },
      "Al-Bab": {
        "wof": 1125981903
      },
      "Jarabulus": {
        "wof": 1125967369
      },
      "Ain al-Arab (Kobani)": {
        "wof": 1360282145
      },
      "Tal Rifaat": {
        "wof": 890449827
      },
      "Al-Safira": {
        "wof": 890449889
      },
      "Deir Hafer": {
        "wof": 1125972691
      }
    }
  },
  "Homs": {
    "region": 85678367,
    "seat": {
      "wof": 421168647
    },
    "places": {
      "Al-Inshaat": {
        "wof": 421168647,
        "city": true
      },
      "Al-Hamra": {
        "wof": 421168647,
        "city": true
      },
      "Al-Ghouta": {
        "wof": 421168647,
        "city": true
      },
      "Al-Waer": {
        "wof": 1209593747
      },
      "Al-Nuzha": {
        "wof": 421168647,
        "city": true
      },
      "Akrama": {
        "wof": 421168647,
        "city": true
      },
      "Al-Zahraa": {
        "wof": 421168647,
        "city": true
      },
      "Al-Hamidiyah": {
        "wof": 421168647,
        "city": true
      },
      "Karm al-Shami": {
        "wof": 421168647,
        "city": true
      },
      "Al-Khalidiyah": {
        "wof": 421168647,
        "city": true
      },
      "Bab al-Sibaa": {
        "wof": 421168647,
        "city": true
      },
      "Baba Amr": {
        "wof": 421168647,
        "city": true
      },
      "Marmarita": {
        "wof": 1293467901
      },
      "Talkalakh": {
        "wof": 421182445
      },
      "Al-Qusayr": {
        "wof": 421178435
      },
      "Al-Rastan": {
        "wof": 421178433
      },
      "Talbiseh": {
        "wof": 421178429
      },
      "Al-Mukharram": {
        "wof": 421200361
      },
      "Al-Qaryatayn": {
        "wof": 421170787
      },
      "Hisyah": {
        "wof": 1192996373
      },
      "Palmyra (Tadmur)": {
        "wof": 421197935
      }
    }
  },
  "Hama": {
    "region": 85678363,
    "seat": {
      "wof": 421202161
    },
    "places": {
      "Al-Sharia": {
        "wof": 421202161,
        "city": true
      },
      "Al-Qusour": {
        "wof": 421202161,
        "city": true
      },
      "South of the Stadium": {
        "wof": 421202161,
        "city": true
      },
      "Al-Hader": {
        "wof": 421202161,
        "city": true
      },
      "Bab Qibli": {
        "wof": 421202161,
        "city": true
      },
      "Al-Arbaeen": {
        "wof": 421202161,
        "city": true
      },
      "Tariq Halab": {
        "wof": 421202161,
        "city": true
      },
      "Masyaf": {
        "wof": 421197259
      },
      "Wadi al-Uyun": {
        "wof": 1327251625
      },
      "Salamiyah": {
        "wof": 421205163
      },
      "Mhardeh": {
        "wof": 1292989737
      },
      "Al-Suqaylabiyah": {
        "wof": 421181203
      },
      "Souran": {
        "wof": 890449831
      },
      "Tayyibat al-Imam": {
        "wof": 890442371
      },
      "Qamhana": {
        "wof": 1226431445
      },
      "Halfaya": {
        "wof": 1125969035
      },
      "Kafr Zita": {
        "wof": 1125966329
      },
      "Morek": {
        "wof": 1310188781
      }
    }
  },
  "Latakia": {
    "region": 85678345,
    "seat": {
      "wof": 1125980503
    },
    "places": {
      "Blue Beach": {
        "wof": 1125980503,
        "city": true
      },
      "Southern Corniche": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Amrikan": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Ziraa": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Sheikh Daher": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Mashrou al-Asher (Project 10)": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Mashrou al-Sabe (Project 7)": {
        "wof": 1125980503,
        "city": true
      },
      "Damsarkho": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Sulaybah": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Raml al-Shamali": {
        "wof": 1125980503,
        "city": true
      },
      "Al-Raml al-Janoubi": {
        "wof": 1125980503,
        "city": true
      },
      "Jableh": {
        "wof": 1125967423
      },
      "Qardaha": {
        "wof": 1310308215
      },
      "Al-Haffah": {
        "wof": 1360294159
      },
      "Slunfeh": {
        "wof": 1326638841
      },
      "Kassab": {
        "wof": 1209217647
      },
      "Ras al-Basit": {
        "wof": 1125980503,
        "city": true
      },
      "Mashqita": {
        "wof": 1243076387
      }
    }
  },
  "Tartus": {
    "region": 85678349,
    "seat": {
      "wof": 890449825
    },
    "places": {
      "Tartus Corniche": {
        "wof": 890449825,
        "city": true
      },
      "Old Tartus": {
        "wof": 890449825,
        "city": true
      },
      "Golden Sands": {
        "wof": 890449825,
        "city": true
      },
      "Arwad": {
        "wof": 1293179799
      },
      "Amrit": {
        "wof": 421190425
      },
      "Mashta al-Helu": {
        "wof": 1326703999
      },
      "Al-Kafroun": {
        "wof": 890449825,
        "city": true
      },
      "Safita": {
        "wof": 890449841
      },
      "Al-Dreikish": {
        "wof": 1125970583
      },
      "Baniyas": {
        "wof": 890449871
      },
      "Al-Sheikh Badr": {
        "wof": 1259850621
      },
      "Al-Qadmus": {
        "wof": 1259754043
      },
      "Yahmour": {
        "wof": 1310572155
      },
      "Husayn al-Bahr": {
        "wof": 1276746981
      },
      "Al-Hamidiyah": {
        "wof": 1343941359
      },
      "Al-Safsafah": {
        "wof": 1226125901
      }
    }
  },
  "Idlib": {
    "region": 85678373,
    "seat": {
      "wof": 890432567
    },
    "places": {
      "Idlib City": {
        "wof": 890432567
      },
      "Sarmada": {
        "wof": 1243149425
      },
      "Al-Dana": {
        "wof": 1125982907
      },
      "Ariha": {
        "wof": 1293760771
      },
      "Maarat al-Numan": {
        "wof": 1226623337
      },
      "Saraqib": {
        "wof": 890449833
      },
      "Jisr al-Shughur": {
        "wof": 890449849
      },
      "Harem": {
        "wof": 1310382581
      },
      "Salqin": {
        "wof": 890449835
      },
      "Maarrat Misrin": {
        "wof": 890449843
      },
      "Binnish": {
        "wof": 890449869
      },
      "Khan Shaykhun": {
        "wof": 1125778451
      },
      "Kafr Nabl": {
        "wof": 890449847
      }
    }
  },
  "Daraa": {
    "region": 85678399,
    "seat": {
      "wof": 421197257
    },
    "places": {
      "Daraa al-Mahatta": {
        "wof": 421197257,
        "city": true
      },
      "Daraa al-Balad": {
        "wof": 421197257,
        "city": true
      },
      "Busra al-Sham": {
        "wof": 890449867
      },
      "Izra": {
        "wof": 421196573
      },
      "Al-Sanamayn": {
        "wof": 421197089
      },
      "Nawa": {
        "wof": 421184049
      },
      "Tafas": {
        "wof": 421205447
      },
      "Jasim": {
        "wof": 1125964931
      },
      "Al-Sheikh Maskin": {
        "wof": 421198277
      },
      "Dael": {
        "wof": 1293781609
      },
      "Al-Muzayrib": {
        "wof": 1276331757
      },
      "Inkhil": {
        "wof": 421183843
      }
    }
  },
  "As-Suwayda": {
    "region": 85678385,
    "seat": {
      "wof": 421192811
    },
    "places": {
      "As-Suwayda City": {
        "wof": 421192811
      },
      "Dhahr al-Jabal": {
        "wof": 421192811,
        "city": true
      },
      "Shahba": {
        "wof": 421167011
      },
      "Qanawat": {
        "wof": 1343963107
      },
      "Salkhad": {
        "wof": 1326462191
      },
      "Al-Qrayya": {
        "wof": 1242878867
      },
      "Al-Mazraa": {
        "wof": 1243362997
      },
      "Al-Kafr": {
        "wof": 1327052941
      },
      "Ariqa": {
        "wof": 1209110987
      },
      "Shaqqa": {
        "wof": 1293132701
      }
    }
  },
  "Quneitra": {
    "region": 85678395,
    "seat": {
      "wof": 1125979117
    },
    "places": {
      "Khan Arnabah": {
        "wof": 1293100627
      },
      "Al-Khushniyah": {
        "wof": 1209925733
      },
      "Hadar": {
        "wof": 1293495113
      },
      "Jubata al-Khashab": {
        "wof": 1226551331
      },
      "Al-Qahtaniyah": {
        "wof": 1259887601
      },
      "Nabe al-Sakhr": {
        "wof": 1309907731
      },
      "Bir Ajam": {
        "wof": 1243375139
      },
      "Al-Rafid": {
        "wof": 1293106469
      }
    }
  },
  "Deir ez-Zor": {
    "region": 85678381,
    "seat": {
      "wof": 421202167
    },
    "places": {
      "Al-Joura": {
        "wof": 421202167,
        "city": true
      },
      "Al-Qusour": {
        "wof": 421202167,
        "city": true
      },
      "Al-Muwazzafin": {
        "wof": 421202167,
        "city": true
      },
      "Al-Hamidiyah": {
        "wof": 421202167,
        "city": true
      },
      "Al-Rushdiyah": {
        "wof": 421202167,
        "city": true
      },
      "Al-Mayadin": {
        "wof": 1125980167
      },
      "Abu Kamal": {
        "wof": 890449891
      },
      "Al-Asharah": {
        "wof": 1243193555
      },
      "Al-Busayrah": {
        "wof": 1226134263
      },
      "Hajin": {
        "wof": 890449895
      },
      "Al-Shuhayl": {
        "wof": 1344254011
      }
    }
  },
  "Raqqa": {
    "region": 85678355,
    "seat": {
      "wof": 421172833
    },
    "places": {
      "Al-Thakana": {
        "wof": 421172833,
        "city": true
      },
      "Al-Rumaila": {
        "wof": 421172833,
        "city": true
      },
      "Al-Mashlab": {
        "wof": 421172833,
        "city": true
      },
      "Al-Tabqa": {
        "wof": 890449887
      },
      "Tal Abyad": {
        "wof": 1310429531
      },
      "Ain Issa": {
        "wof": 1259789621
      },
      "Al-Mansurah": {
        "wof": 1326536201
      },
      "Maadan": {
        "wof": 1309930097
      },
      "Al-Karamah": {
        "wof": 1277074753
      },
      "Suluk": {
        "wof": 1343762621
      }
    }
  },
  "Al-Hasakah": {
    "region": 85678377,
    "seat": {
      "wof": 421168649
    },
    "places": {
      "Al-Aziziyah": {
        "wof": 421168649,
        "city": true
      },
      "Al-Nasra": {
        "wof": 421168649,
        "city": true
      },
      "Tal Hajar": {
        "wof": 421168649,
        "city": true
      },
      "Ghuwayran": {
        "wof": 421168649,
        "city": true
      },
      "Qamishli": {
        "wof": 1225958399
      },
      "Al-Malikiyah": {
        "wof": 1209733291
      },
      "Amuda": {
        "wof": 1226360121
      },
      "Al-Darbasiyah": {
        "wof": 890449859
      },
      "Ras al-Ain": {
        "wof": 1276457637
      },
      "Al-Qahtaniyah": {
        "wof": 1243085261
      },
      "Tal Tamr": {
        "wof": 1327435755
      },
      "Al-Shaddadi": {
        "wof": 1259983725
      },
      "Markadah": {
        "wof": 1225859001
      }
    }
  }
};
