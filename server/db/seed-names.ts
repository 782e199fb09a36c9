/** Name and option pools for the demo children; values follow spec part 1 section 9. */
export const boyNames = ['Aarav', 'Rohit', 'Sunil', 'Amit', 'Rahul', 'Sonu', 'Monu', 'Raju', 'Deepak', 'Vikas', 'Arjun', 'Imran', 'Salman', 'Arif', 'Ravi', 'Manoj', 'Suraj', 'Akash', 'Ankit', 'Gaurav', 'Karan', 'Mohit', 'Nitin', 'Pankaj', 'Sachin', 'Vishal', 'Ajay', 'Bablu', 'Chotu', 'Dinesh', 'Faizan', 'Govind', 'Harish', 'Irfan', 'Jitendra', 'Kishan', 'Lakhan', 'Mukesh', 'Naveen', 'Om'];
export const girlNames = ['Pooja', 'Priya', 'Neha', 'Anjali', 'Sunita', 'Rani', 'Kajal', 'Khushi', 'Muskan', 'Nisha', 'Reena', 'Shabnam', 'Sana', 'Jyoti', 'Komal', 'Lakshmi', 'Meena', 'Radha', 'Seema', 'Tanya', 'Uma', 'Asha', 'Babita', 'Chanda', 'Deepa', 'Farzana', 'Geeta', 'Heena', 'Ishita', 'Kavita'];
export const surnames = ['Kumar', 'Yadav', 'Singh', 'Sharma', 'Gupta', 'Paswan', 'Mandal', 'Das', 'Khan', 'Ansari', 'Sheikh', 'Prasad', 'Mahto', 'Rajak', 'Ram', 'Verma', 'Chauhan', 'Nishad', 'Kewat', 'Mondal', 'Sahu', 'Rai', 'Bhuiyan', 'Oraon', 'Munda'];
export const occupations = ['Daily wage labourer', 'Rickshaw puller', 'Farm labourer', 'Street vendor', 'Construction worker', 'Domestic worker', 'Unemployed', 'Tea stall owner', 'Rag picker'];
export const castes = ['General', 'OBC', 'SC', 'ST'];
export const caseTypes = ['Orphaned', 'Abandoned', 'Missing', 'Runaway', 'Trafficking', 'Abused', 'CNCP', 'Begging', 'Rag-picking', 'Family Dispute', 'Education Related', 'Attracted To The City', 'Job / Livelihood Related', 'Love Affair/ Teenage Issues'];
export const referenceTypes = ['Child Helpline', 'Self', 'From CWC', 'From Stakeholder', 'Out Reach', 'Police', 'Voluntarily', 'From SBT Center'];
export const educationBefore = ['illiterate', 'primary', 'middle', 'secondary', 'religious_institution'];
export const educationTypes = ['formal_school', 'non_formal_education', 'national_institute_of_open_schooling', 'vocational_training', 'job_placement', 'skill_classes', 'special_needs_children_school'];
export const educationLevels = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'NFE', 'NIOS'];
export const medicalIssues = ['Fever', 'Skin infection', 'Malnutrition', 'Dental problem', 'Eye infection', 'Injury', 'Tuberculosis', 'Anaemia', 'Substance withdrawal'];
export const mhpOptions = ['Counselling', 'Trauma support', 'Substance abuse counselling', 'Behavioural therapy', 'Family counselling'];
export const streetOccupations = ['Rag picking', 'Begging', 'Tea stall helper', 'Selling water bottles', 'Shoe shining', 'Dhaba helper', 'None'];
/** Source states of the children, most common first (names as in the lookup tables). */
export const sourceStates = ['Bihar', 'Uttar Pradesh', 'West Bengal', 'Delhi', 'Jharkhand', 'Madhya Pradesh', 'Rajasthan', 'Assam', 'Odisha', 'Haryana'];
